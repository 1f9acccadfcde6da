import { Injectable } from '@nestjs/common';
import { DELETED_USER_NAME, DomainError, moderationMessages, postMessages, type ReportedPostType } from '@groundtruth/domain';
import type { ModerationContent, ModerationRequest, ModerationRequestPage } from '@groundtruth/contracts';
import { ReadModels } from '../../read-models/read-models.js';
import { iso } from './authors.js';

type RequestRow = {
  id: string;
  post_id: string;
  post_type: ReportedPostType;
  reported_by: string;
  reported_at: Date;
  reporters: number;
  acknowledged_at: Date | null;
  action: 'delete' | 'keep' | null;
  reporter_name: string | null;
  reporter_deleted: boolean | null;
  moderator_name: string | null;
  moderator_deleted: boolean | null;
};

const nameOf = (name: string | null, deleted: boolean | null) => (name === null || deleted === true ? DELETED_USER_NAME : name);

const SELECT = `SELECT q.*, ru.name AS reporter_name, ru.deleted AS reporter_deleted,
                       mu.name AS moderator_name, mu.deleted AS moderator_deleted
                  FROM moderation_requests q
                  LEFT JOIN users ru ON ru.id = q.reported_by
                  LEFT JOIN users mu ON mu.id = q.acknowledged_by`;

const toRequest = (r: RequestRow): ModerationRequest => ({
  id: Number(r.id),
  postId: Number(r.post_id),
  postType: r.post_type,
  reportedBy: Number(r.reported_by),
  reportedByName: nameOf(r.reporter_name, r.reporter_deleted),
  reporters: r.reporters,
  reportedAt: iso(r.reported_at),
  acknowledgedAt: r.acknowledged_at === null ? null : iso(r.acknowledged_at),
  acknowledgedByName: r.acknowledged_at === null ? null : nameOf(r.moderator_name, r.moderator_deleted),
  action: r.action,
});

/** The moderators' queue and the reported content, from the discussions read model. */
@Injectable()
export class ModerationQueries {
  constructor(private readonly readModels: ReadModels) {}

  async page(page: number, pageSize: number): Promise<ModerationRequestPage> {
    const [count] = await this.readModels.rows<{ n: string }>('SELECT count(*) AS n FROM moderation_requests');
    const rows = await this.readModels.rows<RequestRow>(`${SELECT} ORDER BY q.id DESC LIMIT $1 OFFSET $2`, [
      pageSize,
      page * pageSize,
    ]);
    return { requests: rows.map(toRequest), totalPages: Math.ceil(Number(count?.n ?? 0) / pageSize) };
  }

  async request(requestId: number): Promise<ModerationRequest> {
    const row = await this.readModels.row<RequestRow>(`${SELECT} WHERE q.id = $1`, [requestId]);
    if (!row) throw new DomainError('not_found', 'MODERATION.NOT_FOUND', moderationMessages.notFound);
    return toRequest(row);
  }

  /** The post as its author last wrote it: a comment's body, a data event's title and description. */
  async content(postType: ReportedPostType, postId: number): Promise<ModerationContent> {
    const sql =
      postType === 'discussion_post'
        ? `SELECT p.body, u.name, u.deleted FROM discussion_posts p LEFT JOIN users u ON u.id = p.author_id WHERE p.id = $1 AND NOT p.deleted`
        : `SELECT json_build_object('title', e.title, 'description', e.description)::text AS body, u.name, u.deleted
             FROM data_events e LEFT JOIN users u ON u.id = e.author_id WHERE e.id = $1`;
    const row = await this.readModels.row<{ body: string; name: string | null; deleted: boolean | null }>(sql, [postId]);
    if (!row) throw new DomainError('not_found', 'POST.NOT_FOUND', postMessages.notFound);
    return { postType, body: row.body, author: nameOf(row.name, row.deleted) };
  }
}
