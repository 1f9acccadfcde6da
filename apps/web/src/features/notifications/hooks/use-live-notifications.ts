import type { Notification } from '@groundtruth/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { io } from 'socket.io-client';
import { env } from '@/config/env';
import { useToken } from '@/lib/auth/session';
import { notificationsRootKey, unreadQueryKey, useUnreadNotifications, type UnreadList } from '../api/notifications';
import { lastNotificationId, mergeNotifications } from '../utils/notification-list';
import { startNotificationClient, type LiveStatus, type NotificationSocket } from '../utils/notification-socket';
import { socketAddress } from '../utils/socket-address';

/**
 * The signed-in reader's unread notifications, kept live: loaded once, then the socket adds what
 * is raised (and what was missed while away) without reloading the page.
 */
export const useLiveNotifications = () => {
  const token = useToken();
  const queryClient = useQueryClient();
  const unread = useUnreadNotifications(token !== null);
  const [status, setStatus] = useState<LiveStatus>('stopped');
  const heldRef = useRef<readonly Notification[]>([]);
  heldRef.current = unread.data?.notifications ?? [];
  // The newest id ever held, also after some were marked seen: what was missed is asked from there.
  const newestRef = useRef(0);
  newestRef.current = Math.max(newestRef.current, lastNotificationId(heldRef.current));
  const loaded = unread.isSuccess;

  useEffect(() => {
    if (token === null || !loaded) return;
    const where = socketAddress(env.apiUrl, window.location.origin);
    const socket = io(where.url, { path: where.path, autoConnect: false, reconnection: false, transports: ['websocket'] });
    const client = startNotificationClient({
      socket: socket as unknown as NotificationSocket,
      token: () => token,
      lastId: () => newestRef.current,
      onStatus: setStatus,
      onNotifications: (received) => {
        newestRef.current = Math.max(newestRef.current, lastNotificationId(received));
        queryClient.setQueryData<UnreadList>(unreadQueryKey, (held) => {
          const before = held?.notifications ?? [];
          const fresh = received.filter((n) => !n.seen);
          const notifications = mergeNotifications(before, fresh);
          return { notifications, unread: (held?.unread ?? 0) + (notifications.length - before.length) };
        });
        // The notifications page, if open, shows them too.
        void queryClient.invalidateQueries({ queryKey: [...notificationsRootKey, 'page'] });
      },
    });
    return () => client.stop();
  }, [token, loaded, queryClient]);

  return { unread, status };
};
