import { z } from 'zod';

export const NotificationKind = z.enum(['reply', 'comment', 'mention']);
export const Notification = z
  .object({
    notificationId: z.number().int(),
    kind: NotificationKind,
    user: z.object({ id: z.number().int(), name: z.string() }).meta({ description: 'Who wrote the post' }),
    createdAt: z.string(),
    projectId: z.number().int().nullable(),
    bookmark: z.string().nullable(),
    postId: z.number().int(),
    seen: z.boolean(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof Notification>;
export const NotificationsQuery = z.object({
  since: z.coerce
    .number()
    .int()
    .min(0)
    .optional()
    .meta({ description: 'Only notifications after this id (what a client missed)' }),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  filter: z.enum(['all', 'unread', 'comment', 'reply', 'mention']).default('all'),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuery>;
export const NotificationPage = z.object({
  notifications: z.array(Notification),
  unread: z.number().int(),
  total: z.number().int(),
});
export type NotificationPage = z.infer<typeof NotificationPage>;
export const SeenBody = z
  .object({ ids: z.array(z.number().int().positive()).max(1_000) })
  .meta({ description: 'An empty list means all' });

/**
 * The socket's messages, one typed map for the server and the web (socket.io `/notifications`).
 * The first message a client sends is `auth` with its token; on every (re)connect it then asks
 * for what it missed since the last id it holds. The table is the truth; the socket only delivers.
 */
export type NotificationServerEvents = {
  notification: (n: Notification) => void;
  error: (e: { code: string; message: string }) => void;
};
export type NotificationClientEvents = {
  auth: (token: string, ack: (answer: { ok: true; userId: number } | { ok: false; code: string }) => void) => void;
  missed: (sinceId: number, ack: (notifications: Notification[]) => void) => void;
};
