import type { Decider } from '../kernel/decider.js';
import type { Command, DomainEvent } from '../kernel/messages.js';

/**
 * One person's notifications (`notifications-{userId}`): the notifications themselves are a
 * projection of the posts, so the only decision here is what the person has seen. "All" is kept
 * as the newest id the person held when they asked (`upTo`), so a notification raised a moment
 * later stays unseen, and a rebuild marks the same rows.
 */
export type MarkNotificationsSeen = Command<
  'MarkNotificationsSeen',
  { readonly userId: number; readonly ids: readonly number[]; readonly upTo: number | null }
>;

export type NotificationsSeen = DomainEvent<
  'NotificationsSeen',
  { readonly userId: number; readonly ids: readonly number[]; readonly upTo: number | null; readonly seenAt: string }
>;

export const notificationInboxEventTypes = ['NotificationsSeen'] as const satisfies readonly NotificationsSeen['type'][];

export const notificationInboxStream = (userId: number): string => `notifications-${userId}`;

export const notificationInboxDecider: Decider<null, MarkNotificationsSeen, NotificationsSeen> = {
  initialState: null,
  evolve: (state) => state,
  decide(command, _state, meta) {
    const { userId, upTo } = command.data;
    const ids = [...new Set(command.data.ids)].sort((a, b) => a - b);
    // Nothing to mark (no ids and no notification yet): no event.
    if (ids.length === 0 && upTo === null) return [];
    return [{ type: 'NotificationsSeen', data: { userId, ids, upTo, seenAt: meta.now } }];
  },
};
