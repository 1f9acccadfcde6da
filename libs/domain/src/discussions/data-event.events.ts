import type { DomainEvent } from '../kernel/messages.js';

/** The sensors a data event is about, kept as ids so a chart finds its events without a bookmark. */
export type DataEventScope =
  | { readonly kind: 'project'; readonly projectId: number }
  | { readonly kind: 'sensors'; readonly sensors: readonly { readonly stationId: number; readonly sensorId: number }[] };

export type DataEventFields = {
  /** Title and description are rich-text documents as JSON text (spec §3). */
  readonly title: string;
  readonly description: string;
  readonly start: string;
  readonly end: string;
};

export type DataEventCreated = DomainEvent<
  'DataEventCreated',
  DataEventFields & {
    readonly eventId: number;
    readonly authorId: number;
    readonly projectId: number | null;
    readonly bookmark: string | null;
    readonly scope: DataEventScope;
    readonly createdAt: string;
  }
>;
export type DataEventEdited = DomainEvent<
  'DataEventEdited',
  DataEventFields & { readonly eventId: number; readonly editedAt: string }
>;
/** Its scope changed by an edit (a separate event: `DataEventEdited` has shipped without a scope). */
export type DataEventRescoped = DomainEvent<
  'DataEventRescoped',
  { readonly eventId: number; readonly scope: DataEventScope; readonly rescopedAt: string }
>;
export type DataEventDeleted = DomainEvent<
  'DataEventDeleted',
  { readonly eventId: number; readonly deletedBy: number | null; readonly byModerator: boolean; readonly deletedAt: string }
>;

export type DataEventEvent = DataEventCreated | DataEventEdited | DataEventRescoped | DataEventDeleted;

export const dataEventEventTypes = [
  'DataEventCreated',
  'DataEventEdited',
  'DataEventRescoped',
  'DataEventDeleted',
] as const satisfies readonly DataEventEvent['type'][];

export const dataEventStream = (eventId: number): string => `data-event-${eventId}`;
