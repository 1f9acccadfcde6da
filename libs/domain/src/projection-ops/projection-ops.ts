import { DomainError } from '../kernel/domain-error.js';
import type { Decider } from '../kernel/decider.js';
import type { Command, CommandMetadata, DomainEvent } from '../kernel/messages.js';

/**
 * An operator's commands on the projector's read models (the console's Projections, issue 28):
 * retry or skip the event a projection stopped on, rebuild one projection or all. Each is an event on
 * the projection's own stream with the operator as its actor; the projector acts on it.
 */
export const projectionStream = (projection: string): string => `projection-${projection}`;

/** What the command is decided against: the projection exists, and the failure it names (if any) as recorded. */
export type ProjectionFacts = {
  readonly projections: readonly string[];
  readonly failure?: {
    readonly eventId: string;
    readonly projection: string;
    readonly resolution: 'retried' | 'skipped' | null;
  } | null;
};

export type RetryFailedEvent = Command<'RetryFailedEvent', { projection: string; eventId: string; facts: ProjectionFacts }>;
export type SkipFailedEvent = Command<'SkipFailedEvent', { projection: string; eventId: string; facts: ProjectionFacts }>;
/** `projection` is one projection's name; `all` rebuilds each in turn (recorded on the stream `projection-all`). */
export type RebuildProjection = Command<'RebuildProjection', { projection: string; facts: ProjectionFacts }>;
export type ProjectionCommand = RetryFailedEvent | SkipFailedEvent | RebuildProjection;

export type ProjectionEventRetryRequested = DomainEvent<'ProjectionEventRetryRequested', { projection: string; eventId: string }>;
export type ProjectionEventSkipRequested = DomainEvent<'ProjectionEventSkipRequested', { projection: string; eventId: string }>;
export type ProjectionRebuildRequested = DomainEvent<'ProjectionRebuildRequested', { projection: string }>;
export type ProjectionOpsEvent = ProjectionEventRetryRequested | ProjectionEventSkipRequested | ProjectionRebuildRequested;

export const projectionOpsEventTypes: readonly ProjectionOpsEvent['type'][] = [
  'ProjectionEventRetryRequested',
  'ProjectionEventSkipRequested',
  'ProjectionRebuildRequested',
];

/** How many requests the stream holds (the audit history shows them; nothing else is decided on it). */
export type ProjectionOpsState = { readonly requests: number };

export const projectionOpsMessages = {
  noSuchProjection: 'There is no projection with this name.',
  noSuchFailure: 'This projection has no failed event with this id.',
  alreadyAnswered: 'This failed event was already retried or skipped.',
} as const;

const knownProjection = (name: string, facts: ProjectionFacts, allowAll: boolean): void => {
  if (allowAll && name === 'all') return;
  if (!facts.projections.includes(name))
    throw new DomainError('not_found', 'PROJECTION.NOT_FOUND', projectionOpsMessages.noSuchProjection);
};

const openFailure = (projection: string, eventId: string, facts: ProjectionFacts): void => {
  const f = facts.failure;
  if (!f || f.projection !== projection || f.eventId !== eventId)
    throw new DomainError('not_found', 'PROJECTION.FAILURE_NOT_FOUND', projectionOpsMessages.noSuchFailure);
  if (f.resolution !== null)
    throw new DomainError('conflict', 'PROJECTION.FAILURE_ANSWERED', projectionOpsMessages.alreadyAnswered);
};

export const projectionOpsDecider: Decider<ProjectionOpsState, ProjectionCommand, ProjectionOpsEvent> = {
  initialState: { requests: 0 },
  evolve: (state, event) => (projectionOpsEventTypes.includes(event.type) ? { requests: state.requests + 1 } : state),
  decide: (command, _state, _meta: CommandMetadata) => {
    switch (command.type) {
      case 'RetryFailedEvent': {
        const { projection, eventId, facts } = command.data;
        openFailure(projection, eventId, facts);
        knownProjection(projection, facts, false);
        return [{ type: 'ProjectionEventRetryRequested', data: { projection, eventId } }];
      }
      case 'SkipFailedEvent': {
        const { projection, eventId, facts } = command.data;
        openFailure(projection, eventId, facts);
        knownProjection(projection, facts, false);
        return [{ type: 'ProjectionEventSkipRequested', data: { projection, eventId } }];
      }
      case 'RebuildProjection': {
        knownProjection(command.data.projection, command.data.facts, true);
        return [{ type: 'ProjectionRebuildRequested', data: { projection: command.data.projection } }];
      }
    }
  },
};
