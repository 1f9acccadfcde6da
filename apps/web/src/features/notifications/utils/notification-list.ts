import type { Notification } from '@groundtruth/contracts';

/** Spec §4: received notifications are added if not present, newest first. */
export const mergeNotifications = (held: readonly Notification[], received: readonly Notification[]): Notification[] => {
  const byId = new Map(held.map((n) => [n.notificationId, n]));
  for (const n of received) if (!byId.has(n.notificationId)) byId.set(n.notificationId, n);
  return [...byId.values()].sort((a, b) => b.notificationId - a.notificationId);
};

/** The newest id held (0 for none): what the socket asks to be missed from. */
export const lastNotificationId = (held: readonly Notification[]): number =>
  held.reduce((most, n) => Math.max(most, n.notificationId), 0);

/** Spec §4: marking seen removes them from the unread list; an empty id list means all. */
export const withoutSeen = (held: readonly Notification[], seenIds: readonly number[]): Notification[] =>
  seenIds.length === 0 ? [] : held.filter((n) => !seenIds.includes(n.notificationId));
