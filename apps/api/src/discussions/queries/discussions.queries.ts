import { Injectable } from '@nestjs/common';
import { DomainError, postMessages, type Actor } from '@groundtruth/domain';
import type { DiscussionList, DiscussionPost, DiscussionReply } from '@groundtruth/contracts';
import { ReadModels } from '../../read-models/read-models.js';
import { AUTHOR_COLUMNS, authorOf, iso, type AuthorColumns } from './authors.js';

type PostRow = AuthorColumns & {
  id: string;
  project_id: string | null;
  bookmark: string | null;
  thread_id: string | null;
  author_id: string;
  body: string;
  edits: number;
  deleted: boolean;
  erased: boolean;
  created_at: Date;
  updated_at: Date;
  reported: boolean;
};

/** A post as the policy and the commands need it: where it is, who wrote it, whether it is gone. */
export type PostFacts = {
  postId: number;
  authorId: number;
  projectId: number | null;
  bookmark: string | null;
  threadId: number | null;
  deleted: boolean;
};

const select = (where: string) => `
  SELECT p.id, p.project_id, p.bookmark, p.thread_id, p.author_id, p.body, p.edits, p.deleted, p.erased, p.created_at, p.updated_at,
         ${AUTHOR_COLUMNS},
         EXISTS (SELECT 1 FROM moderation_reports r
                 WHERE r.post_type = 'discussion_post' AND r.post_id = p.id AND r.user_id = $1) AS reported
    FROM discussion_posts p LEFT JOIN users u ON u.id = p.author_id
   ${where}`;

/** Comments and replies from the discussions read model. */
@Injectable()
export class DiscussionsQueries {
  constructor(private readonly readModels: ReadModels) {}

  private static fields(r: PostRow) {
    const authorId = Number(r.author_id);
    return {
      id: Number(r.id),
      author: authorOf(authorId, r),
      projectId: r.project_id === null ? null : Number(r.project_id),
      bookmark: r.bookmark,
      body: r.deleted || r.erased ? '' : r.body,
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
      edited: r.edits > 0,
      deleted: r.deleted,
      erased: r.erased,
      userHasReported: r.reported,
      type: 'comment' as const,
    };
  }

  /** Threads newest first, replies oldest first; a deleted thread shows only while it has live replies. */
  private static threads(rows: readonly PostRow[]): DiscussionPost[] {
    const replies = new Map<string, DiscussionReply[]>();
    for (const r of rows) {
      if (r.thread_id === null || r.deleted) continue;
      const list = replies.get(r.thread_id) ?? [];
      list.push({ ...DiscussionsQueries.fields(r), threadId: Number(r.thread_id) });
      replies.set(r.thread_id, list);
    }
    return rows
      .filter((r) => r.thread_id === null && (!r.deleted || replies.has(r.id)))
      .map((r) => ({
        ...DiscussionsQueries.fields(r),
        threadId: null,
        replies: (replies.get(r.id) ?? []).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id),
      }));
  }

  private static asker(actor: Actor): number {
    return actor.kind === 'user' ? actor.userId : 0;
  }

  async ofProject(projectId: number, actor: Actor): Promise<DiscussionList> {
    const rows = await this.readModels.rows<PostRow>(select('WHERE p.project_id = $2 ORDER BY p.created_at DESC, p.id DESC'), [
      DiscussionsQueries.asker(actor),
      projectId,
    ]);
    return { posts: DiscussionsQueries.threads(rows) };
  }

  async ofBookmark(bookmark: string, actor: Actor): Promise<DiscussionList> {
    const rows = await this.readModels.rows<PostRow>(
      select('WHERE p.bookmark = $2 AND p.project_id IS NULL ORDER BY p.created_at DESC, p.id DESC'),
      [DiscussionsQueries.asker(actor), bookmark],
    );
    return { posts: DiscussionsQueries.threads(rows) };
  }

  /** One post as the list shows it: a reply alone, a top-level post with its replies. */
  async one(postId: number, actor: Actor): Promise<DiscussionPost | DiscussionReply> {
    const rows = await this.readModels.rows<PostRow>(
      select('WHERE p.id = $2 OR p.thread_id = $2 ORDER BY p.created_at DESC, p.id DESC'),
      [DiscussionsQueries.asker(actor), postId],
    );
    const row = rows.find((r) => Number(r.id) === postId);
    if (!row) throw new DomainError('not_found', 'POST.NOT_FOUND', postMessages.notFound);
    if (row.thread_id !== null) return { ...DiscussionsQueries.fields(row), threadId: Number(row.thread_id) };
    const [thread] = DiscussionsQueries.threads(rows);
    return thread ?? { ...DiscussionsQueries.fields(row), threadId: null, replies: [] };
  }

  /** Where a post is and who wrote it (404 when there is no such post). */
  async facts(postId: number): Promise<PostFacts> {
    const row = await this.readModels.row<{
      author_id: string;
      project_id: string | null;
      bookmark: string | null;
      thread_id: string | null;
      deleted: boolean;
    }>('SELECT author_id, project_id, bookmark, thread_id, deleted FROM discussion_posts WHERE id = $1', [postId]);
    if (!row) throw new DomainError('not_found', 'POST.NOT_FOUND', postMessages.notFound);
    return {
      postId,
      authorId: Number(row.author_id),
      projectId: row.project_id === null ? null : Number(row.project_id),
      bookmark: row.bookmark,
      threadId: row.thread_id === null ? null : Number(row.thread_id),
      deleted: row.deleted,
    };
  }
}
