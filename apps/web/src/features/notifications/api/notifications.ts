import { type Notification, notificationRoutes } from '@groundtruth/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';
import { withoutSeen } from '../utils/notification-list';

export type NotificationFilter = 'all' | 'unread' | 'comment' | 'reply' | 'mention';

export const notificationsRootKey = ['notifications'] as const;
/** The header's list: the unread ones, newest first, and how many there are. */
export const unreadQueryKey = [...notificationsRootKey, 'unread'] as const;

export type UnreadList = { readonly notifications: readonly Notification[]; readonly unread: number };

/** GET /notifications?filter=unread: what the header's badge counts and its list shows. */
export const getUnread = async (signal?: AbortSignal): Promise<UnreadList> => {
  const page = await callRoute(notificationRoutes.notifications, { query: { filter: 'unread', pageSize: 50 }, signal });
  return { notifications: page.notifications, unread: page.unread };
};

export const useUnreadNotifications = (enabled: boolean) =>
  useQuery({ queryKey: unreadQueryKey, queryFn: ({ signal }) => getUnread(signal), enabled, staleTime: 60_000 });

export const PAGE_SIZE = 20;

/** GET /notifications?filter&page: the notifications page, newest first. */
export const notificationPageOptions = (filter: NotificationFilter, page: number) =>
  queryOptions({
    queryKey: [...notificationsRootKey, 'page', filter, page] as const,
    queryFn: ({ signal }) =>
      callRoute(notificationRoutes.notifications, { query: { filter, page, pageSize: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

export const useNotificationPage = (filter: NotificationFilter, page: number) => useQuery(notificationPageOptions(filter, page));

/** POST /notifications/seen: these ids, or all of them for an empty list (spec §4). */
export const markSeen = async (ids: readonly number[]): Promise<void> => {
  await callRoute(notificationRoutes.notificationsSeen, { body: { ids: [...ids] } });
};

export const useMarkSeen = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markSeen,
    onMutate: (ids) => {
      // The badge answers at once; the server's answer (or a failure) reloads it.
      queryClient.setQueryData<UnreadList>(unreadQueryKey, (held) => {
        if (!held) return held;
        const notifications = withoutSeen(held.notifications, ids);
        return {
          notifications,
          unread: ids.length === 0 ? 0 : Math.max(0, held.unread - (held.notifications.length - notifications.length)),
        };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsRootKey }),
  });
};
