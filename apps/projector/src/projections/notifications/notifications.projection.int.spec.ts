import type { RecordedEvent } from '@groundtruth/platform';
import { appendDiscussionHistory, discussionCast, doc, mention } from '../../../../../test/support/discussion-events.js';
import { expectIdempotent, expectIgnored, projectedHistory } from '../../../../../test/support/projection-checks.js';
import { notificationsProjection } from './notifications.projection.js';

const publicProject = 40;
const privateProject = 41;
const firstPost = 1_000;
const world = projectedHistory({
  history: (store) => appendDiscussionHistory(store, { projects: 2, firstProject: publicProject, firstPost }),
  projections: [notificationsProjection],
});

type Row = { id: string; user_id: string; kind: string; post_id: string; seen: boolean };
const notificationsOf = async (projectId: number) =>
  (
    await world.db.pool.query<Row>(
      'SELECT id, user_id, kind, post_id, seen FROM notifications WHERE project_id = $1 ORDER BY id',
      [projectId],
    )
  ).rows.map((r) => ({
    id: Number(r.id),
    user: Number(r.user_id),
    kind: r.kind,
    post: Number(r.post_id) - firstPost,
    seen: r.seen,
  }));

describe('notifications projection', () => {
  it('tells the mentioned, the thread authors and the newly mentioned of an edit, never the author, once each', async () => {
    const cast = discussionCast(publicProject);
    const rows = await notificationsOf(publicProject);
    expect(rows.map(({ user, kind, post, seen }) => [user, kind, post, seen])).toEqual([
      // The comment: the member and the outsider are mentioned (a mention outranks the member's comment).
      [cast.member, 'mention', 0, false],
      [cast.outsider, 'mention', 0, false],
      // The member's reply tells the thread's author (seen: the owner marked all seen).
      [cast.owner, 'reply', 1, true],
      // The edit tells only the newly mentioned. The outsider's reply was deleted by a moderator: its notifications went with it.
      [cast.later, 'mention', 0, false],
    ]);
    // Ids are given in log order, without gaps a client could mistake for lost notifications.
    const ids = rows.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('never tells someone who may not read a private project, though mentioned', async () => {
    const cast = discussionCast(privateProject);
    const rows = await notificationsOf(privateProject);
    expect(rows.some((r) => r.user === cast.outsider || r.user === cast.later)).toBe(false);
    // The control: the member, on the team then, is told of the same comment.
    expect(rows.map(({ user, kind, post }) => [user, kind, post])).toContainEqual([cast.member, 'mention', 10]);
  });

  it('ignores edits and deletions of posts it never saw begin, and a seen mark of nobody', async () => {
    const at = '2026-05-01T00:00:00.000Z';
    const late = (type: string, data: Record<string, unknown>, streamId: string): RecordedEvent =>
      ({
        type,
        data,
        streamId,
        revision: 5n,
        position: { commit: 0n, sequence: 0n },
        metadata: { eventId: 'x', correlationId: 'x', causationId: 'x', userId: 1, occurredAt: at },
      }) as unknown as RecordedEvent;
    await expectIgnored(world.db.pool, notificationsProjection, [
      late('PostEdited', { postId: 99_999, body: doc(mention(5)), mentions: [5], editedAt: at }, 'post-99999'),
      late('PostDeleted', { postId: 99_999, deletedBy: 1, byModerator: false, deletedAt: at }, 'post-99999'),
      late('NotificationsSeen', { userId: 77_777, ids: [1, 2], upTo: 100, seenAt: at }, 'notifications-77777'),
    ]);
  });

  it('changes nothing when an event comes twice or the log comes again', async () => {
    await expectIdempotent(world.db.pool, world.store, notificationsProjection);
  });
});
