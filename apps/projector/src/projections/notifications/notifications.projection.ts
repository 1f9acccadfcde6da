import {
  newlyMentioned,
  notificationInboxEventTypes,
  notificationsFor,
  type NotificationsSeen,
  type NotificationTarget,
  type PostEvent,
  type ProjectEvent,
} from '@groundtruth/domain';
import {
  notificationCounterTable,
  notificationMembersTable,
  notificationPostsTable,
  notificationProjectsTable,
  notificationsTable,
  type Projection,
  type RecordedEvent,
} from '@groundtruth/platform';

type Handled = PostEvent | NotificationsSeen | ProjectEvent;

/** The project events that say who may read a project's posts. */
const projectTypes = [
  'ProjectCreated',
  'ProjectUpdated',
  'ProjectDeleted',
  'ProjectInviteAccepted',
  'ProjectMemberRemoved',
] as const satisfies readonly ProjectEvent['type'][];

/**
 * Notifications as a projection of the log (spec §3 Notification): a post tells its thread's
 * authors (reply), a project's members (comment) and the people it mentions (mention), by the rules
 * of `notificationsFor`: never its author, never someone who may not read it. Who may read a
 * project's posts is kept here from the project events themselves, at the post's place in the log,
 * so a rebuild tells exactly the same people. A post's notifications go when the post is deleted.
 */
export const notificationsProjection: Projection = {
  name: 'notifications',
  handles: ['PostCreated', 'PostEdited', 'PostDeleted', ...notificationInboxEventTypes, ...projectTypes],
  tables: [
    notificationsTable,
    notificationCounterTable,
    notificationPostsTable,
    notificationProjectsTable,
    notificationMembersTable,
  ],
  async apply(events: readonly RecordedEvent[], { client, table }) {
    const notifications = table(notificationsTable.name);
    const counter = table(notificationCounterTable.name);
    const posts = table(notificationPostsTable.name);
    const projects = table(notificationProjectsTable.name);
    const members = table(notificationMembersTable.name);

    let lastId: number | null = null;
    const nextId = async (): Promise<number> => {
      if (lastId === null) {
        const r = await client.query<{ last_id: string }>(`SELECT last_id FROM ${counter} WHERE id = 1`);
        lastId = r.rows[0] ? Number(r.rows[0].last_id) : 0;
      }
      lastId += 1;
      return lastId;
    };

    /** Who may read a post on this project (or on a saved workspace: whoever holds its token). */
    const readerCheck = async (projectId: number | null): Promise<(userId: number) => boolean> => {
      if (projectId === null) return () => true;
      const p = await client.query<{ is_public: boolean }>(`SELECT is_public FROM ${projects} WHERE project_id = $1`, [
        projectId,
      ]);
      if (!p.rows[0]) return () => false;
      if (p.rows[0].is_public) return () => true;
      const team = await memberIds(projectId);
      return (userId) => team.includes(userId);
    };
    const memberIds = async (projectId: number): Promise<number[]> =>
      (await client.query<{ user_id: string }>(`SELECT user_id FROM ${members} WHERE project_id = $1`, [projectId])).rows.map(
        (r) => Number(r.user_id),
      );

    const raise = async (
      targets: readonly NotificationTarget[],
      post: { postId: number; authorId: number; projectId: number | null; bookmark: string | null },
      source: string,
      at: string,
    ) => {
      for (const t of targets) {
        await client.query(
          `INSERT INTO ${notifications} (id, user_id, kind, post_id, author_id, project_id, bookmark, source, seen, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, false, $9)`,
          [await nextId(), t.userId, t.kind, post.postId, post.authorId, post.projectId, post.bookmark, source, at],
        );
      }
    };

    for (const event of events as readonly (RecordedEvent & Handled)[]) {
      const revision = event.revision.toString();
      const source = `${event.streamId}@${revision}`;
      switch (event.type) {
        case 'PostCreated': {
          const d = event.data;
          const added = await client.query(
            `INSERT INTO ${posts} (post_id, author_id, thread_id, project_id, bookmark, mentions, revision)
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (post_id) DO NOTHING`,
            [d.postId, d.authorId, d.threadId, d.projectId, d.bookmark, JSON.stringify(d.mentions), revision],
          );
          if (!added.rowCount) break; // seen before: its notifications were raised then
          const threadAuthors =
            d.threadId === null
              ? []
              : (
                  await client.query<{ author_id: string }>(
                    `SELECT DISTINCT author_id FROM ${posts} WHERE (post_id = $1 OR thread_id = $1) AND post_id <> $2`,
                    [d.threadId, d.postId],
                  )
                ).rows.map((r) => Number(r.author_id));
          const projectMembers = d.threadId === null && d.projectId !== null ? await memberIds(d.projectId) : [];
          const targets = notificationsFor({
            authorId: d.authorId,
            threadId: d.threadId,
            threadAuthors,
            projectMembers,
            mentioned: d.mentions,
            mayRead: await readerCheck(d.projectId),
          });
          await raise(targets, d, source, d.createdAt);
          break;
        }
        case 'PostEdited': {
          const d = event.data;
          const before = await client.query<{
            author_id: string;
            project_id: string | null;
            bookmark: string | null;
            mentions: number[];
          }>(
            `UPDATE ${posts} p SET mentions = $2, revision = $3 FROM ${posts} old
             WHERE p.post_id = $1 AND old.post_id = p.post_id AND p.revision < $3
             RETURNING old.author_id, old.project_id, old.bookmark, old.mentions`,
            [d.postId, JSON.stringify(d.mentions), revision],
          );
          const old = before.rows[0];
          if (!old) break;
          const post = {
            postId: d.postId,
            authorId: Number(old.author_id),
            projectId: old.project_id === null ? null : Number(old.project_id),
            bookmark: old.bookmark,
          };
          // Only people the edit names for the first time are told, and only of the mention.
          const targets = notificationsFor({
            authorId: post.authorId,
            threadId: null,
            threadAuthors: [],
            projectMembers: [],
            mentioned: newlyMentioned(old.mentions, d.mentions),
            mayRead: await readerCheck(post.projectId),
          });
          await raise(targets, post, source, d.editedAt);
          break;
        }
        case 'PostDeleted':
          await client.query(`DELETE FROM ${notifications} WHERE post_id = $1`, [event.data.postId]);
          break;
        case 'NotificationsSeen': {
          const d = event.data;
          await client.query(
            `UPDATE ${notifications} SET seen = true WHERE user_id = $1 AND NOT seen AND (id = ANY($2::bigint[]) OR id <= $3)`,
            [d.userId, d.ids, d.upTo ?? 0],
          );
          break;
        }
        case 'ProjectCreated': {
          const d = event.data;
          await client.query(
            `INSERT INTO ${projects} (project_id, is_public) VALUES ($1, $2) ON CONFLICT (project_id) DO NOTHING`,
            [d.projectId, d.privacy > 0],
          );
          if (d.createdBy !== null)
            await client.query(`INSERT INTO ${members} (project_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
              d.projectId,
              d.createdBy,
            ]);
          break;
        }
        case 'ProjectUpdated': {
          const { privacy } = event.data.changes;
          if (privacy !== undefined)
            await client.query(`UPDATE ${projects} SET is_public = $2 WHERE project_id = $1`, [
              event.data.projectId,
              privacy > 0,
            ]);
          break;
        }
        case 'ProjectDeleted':
          await client.query(`DELETE FROM ${projects} WHERE project_id = $1`, [event.data.projectId]);
          await client.query(`DELETE FROM ${members} WHERE project_id = $1`, [event.data.projectId]);
          break;
        case 'ProjectInviteAccepted':
          await client.query(`INSERT INTO ${members} (project_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
            event.data.projectId,
            event.data.userId,
          ]);
          break;
        case 'ProjectMemberRemoved':
          await client.query(`DELETE FROM ${members} WHERE project_id = $1 AND user_id = $2`, [
            event.data.projectId,
            event.data.userId,
          ]);
          break;
      }
    }
    if (lastId !== null)
      await client.query(
        `INSERT INTO ${counter} (id, last_id) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET last_id = EXCLUDED.last_id`,
        [lastId],
      );
  },
};
