import { Injectable } from '@nestjs/common';
import { DELETED_USER_NAME } from '@groundtruth/domain';
import type { Notification, NotificationPage, NotificationsQuery } from '@groundtruth/contracts';
import { ReadModels } from '../../read-models/read-models.js';
import { iso } from './authors.js';

type NotificationRow = {
  id: string;
  kind: Notification['kind'];
  post_id: string;
  author_id: string;
  project_id: string | null;
  bookmark: string | null;
  seen: boolean;
  created_at: Date;
  author_name: string | null;
  author_deleted: boolean | null;
};

const SELECT = `SELECT n.id, n.kind, n.post_id, n.author_id, n.project_id, n.bookmark, n.seen, n.created_at,
                       u.name AS author_name, u.deleted AS author_deleted
                  FROM notifications n LEFT JOIN users u ON u.id = n.author_id`;

/** Most notifications one socket message or one `missed` answer carries; a client asks again for more. */
export const MISSED_BATCH = 500;

const toNotification = (r: NotificationRow): Notification => ({
  notificationId: Number(r.id),
  kind: r.kind,
  user: {
    id: Number(r.author_id),
    name: r.author_name === null || r.author_deleted === true ? DELETED_USER_NAME : r.author_name,
  },
  createdAt: iso(r.created_at),
  projectId: r.project_id === null ? null : Number(r.project_id),
  bookmark: r.bookmark,
  postId: Number(r.post_id),
  seen: r.seen,
});

/** The notifications read model: the truth the socket only delivers. */
@Injectable()
export class NotificationsQueries {
  constructor(private readonly readModels: ReadModels) {}

  async page(userId: number, q: NotificationsQuery): Promise<NotificationPage> {
    const where = ['n.user_id = $1'];
    const params: unknown[] = [userId];
    if (q.since !== undefined) {
      params.push(q.since);
      where.push(`n.id > $${params.length}`);
    }
    if (q.filter === 'unread') where.push('NOT n.seen');
    else if (q.filter !== 'all') {
      params.push(q.filter);
      where.push(`n.kind = $${params.length}`);
    }
    const filter = where.join(' AND ');
    const [counts] = await this.readModels.rows<{ total: string; unread: string }>(
      `SELECT count(*) FILTER (WHERE ${filter}) AS total, count(*) FILTER (WHERE NOT n.seen) AS unread
         FROM notifications n WHERE n.user_id = $1`,
      params,
    );
    const rows = await this.readModels.rows<NotificationRow>(
      `${SELECT} WHERE ${filter} ORDER BY n.id DESC LIMIT ${q.pageSize} OFFSET ${q.page * q.pageSize}`,
      params,
    );
    return { notifications: rows.map(toNotification), unread: Number(counts?.unread ?? 0), total: Number(counts?.total ?? 0) };
  }

  /** What a client holding `sinceId` has not had yet, oldest first (the socket's order). */
  async after(userId: number, sinceId: number, limit = MISSED_BATCH): Promise<Notification[]> {
    const rows = await this.readModels.rows<NotificationRow>(
      `${SELECT} WHERE n.user_id = $1 AND n.id > $2 ORDER BY n.id LIMIT $3`,
      [userId, sinceId, limit],
    );
    return rows.map(toNotification);
  }

  /** The newest notification id the person has (for "mark all seen"). */
  async newestId(userId: number): Promise<number | null> {
    const row = await this.readModels.row<{ id: string | null }>('SELECT max(id) AS id FROM notifications WHERE user_id = $1', [
      userId,
    ]);
    return row?.id == null ? null : Number(row.id);
  }

  /** The people with notifications of these posts (to wake their sockets). */
  async recipientsOf(postIds: readonly number[]): Promise<number[]> {
    const rows = await this.readModels.rows<{ user_id: string }>(
      'SELECT DISTINCT user_id FROM notifications WHERE post_id = ANY($1::bigint[])',
      [postIds.map(String)],
    );
    return rows.map((r) => Number(r.user_id));
  }

  /** The last id given out, and who got notifications after `afterId` (the safety net's sweep). */
  async lastId(): Promise<number> {
    const row = await this.readModels.row<{ last_id: string }>('SELECT last_id FROM notification_counter WHERE id = 1');
    return row ? Number(row.last_id) : 0;
  }

  async recipientsAfter(afterId: number): Promise<number[]> {
    const rows = await this.readModels.rows<{ user_id: string }>('SELECT DISTINCT user_id FROM notifications WHERE id > $1', [
      afterId,
    ]);
    return rows.map((r) => Number(r.user_id));
  }
}
