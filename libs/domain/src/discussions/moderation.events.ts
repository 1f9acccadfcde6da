import type { DomainEvent } from '../kernel/messages.js';

/** The spec's names for what can be reported (§3 Moderation request). */
export type ReportedPostType = 'discussion_post' | 'data_event';

type RequestKey = { readonly requestId: number; readonly postId: number; readonly postType: ReportedPostType };

/** The first report opens a request; a later one, while it is open, joins it. */
export type PostReported = DomainEvent<'PostReported', RequestKey & { readonly reportedBy: number; readonly reportedAt: string }>;
/** A reporter takes back their report; the request closes when none is left. */
export type ReportCancelled = DomainEvent<
  'ReportCancelled',
  RequestKey & { readonly cancelledBy: number; readonly closed: boolean; readonly cancelledAt: string }
>;
export type ReportAcknowledged = DomainEvent<
  'ReportAcknowledged',
  RequestKey & { readonly action: 'delete' | 'keep'; readonly acknowledgedBy: number; readonly acknowledgedAt: string }
>;

export type ModerationEvent = PostReported | ReportCancelled | ReportAcknowledged;

export const moderationEventTypes = [
  'PostReported',
  'ReportCancelled',
  'ReportAcknowledged',
] as const satisfies readonly ModerationEvent['type'][];
