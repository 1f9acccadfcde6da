import { DomainError } from '../kernel/domain-error.js';
import type { Decider } from '../kernel/decider.js';
import type { ModerationCommand } from './moderation.commands.js';
import type { ModerationEvent, ReportedPostType } from './moderation.events.js';

export type ModerationOutcome = {
  readonly action: 'delete' | 'keep';
  readonly acknowledgedBy: number;
  readonly acknowledgedAt: string;
};

/** The reports of one post (`moderation-{postType}-{postId}`): at most one request open at a time. */
export type ModerationState = {
  readonly open: { readonly requestId: number; readonly reporters: readonly number[] } | null;
  /** Requests already acknowledged, with what was done: a late second moderator is told. */
  readonly closed: Readonly<Record<number, ModerationOutcome | 'cancelled'>>;
};

export const moderationStream = (postType: ReportedPostType, postId: number): string =>
  `moderation-${postType === 'discussion_post' ? 'post' : 'data-event'}-${postId}`;

export const moderationMessages = {
  ownPost: 'You cannot report your own post.',
  noReport: 'You have not reported this post.',
  notFound: 'This moderation request does not exist.',
  alreadyDeleted: 'Another moderator has already acknowledged this request: the post was deleted.',
  alreadyKept: 'Another moderator has already acknowledged this request: the post was kept.',
  cancelled: 'This request was withdrawn by its reporters.',
} as const;

export const moderationDecider: Decider<ModerationState, ModerationCommand, ModerationEvent> = {
  initialState: { open: null, closed: {} },
  evolve(state, event) {
    switch (event.type) {
      case 'PostReported': {
        const { requestId, reportedBy } = event.data;
        if (state.open && state.open.requestId === requestId)
          return state.open.reporters.includes(reportedBy)
            ? state
            : { ...state, open: { requestId, reporters: [...state.open.reporters, reportedBy] } };
        return { ...state, open: { requestId, reporters: [reportedBy] } };
      }
      case 'ReportCancelled': {
        if (!state.open || state.open.requestId !== event.data.requestId) return state;
        const reporters = state.open.reporters.filter((r) => r !== event.data.cancelledBy);
        return event.data.closed || reporters.length === 0
          ? { open: null, closed: { ...state.closed, [event.data.requestId]: 'cancelled' } }
          : { ...state, open: { ...state.open, reporters } };
      }
      case 'ReportAcknowledged': {
        const { requestId, action, acknowledgedBy, acknowledgedAt } = event.data;
        return {
          open: state.open?.requestId === requestId ? null : state.open,
          closed: { ...state.closed, [requestId]: { action, acknowledgedBy, acknowledgedAt } },
        };
      }
      default:
        return state;
    }
  },
  decide(command, state, meta) {
    const actor = meta.userId;
    if (actor === null) throw new DomainError('unauthenticated', 'AUTH.REQUIRED', 'Sign in first.');
    switch (command.type) {
      case 'ReportPost': {
        const { postId, postType, authorId, newRequestId } = command.data;
        if (authorId === actor) throw new DomainError('forbidden', 'MODERATION.OWN_POST', moderationMessages.ownPost);
        if (state.open?.reporters.includes(actor)) return [];
        const requestId = state.open?.requestId ?? newRequestId;
        return [{ type: 'PostReported', data: { requestId, postId, postType, reportedBy: actor, reportedAt: meta.now } }];
      }
      case 'CancelReport': {
        const { postId, postType } = command.data;
        if (!state.open || !state.open.reporters.includes(actor))
          throw new DomainError('not_found', 'MODERATION.NO_REPORT', moderationMessages.noReport);
        const closed = state.open.reporters.length === 1;
        return [
          {
            type: 'ReportCancelled',
            data: { requestId: state.open.requestId, postId, postType, cancelledBy: actor, closed, cancelledAt: meta.now },
          },
        ];
      }
      case 'AcknowledgeReport': {
        const { requestId, postId, postType, action } = command.data;
        const outcome = state.closed[requestId];
        if (outcome === 'cancelled') throw new DomainError('conflict', 'MODERATION.CANCELLED', moderationMessages.cancelled);
        if (outcome)
          throw new DomainError(
            'conflict',
            'MODERATION.ALREADY_ACKNOWLEDGED',
            outcome.action === 'delete' ? moderationMessages.alreadyDeleted : moderationMessages.alreadyKept,
          );
        if (state.open?.requestId !== requestId)
          throw new DomainError('not_found', 'MODERATION.NOT_FOUND', moderationMessages.notFound);
        return [
          {
            type: 'ReportAcknowledged',
            data: { requestId, postId, postType, action, acknowledgedBy: actor, acknowledgedAt: meta.now },
          },
        ];
      }
    }
  },
};
