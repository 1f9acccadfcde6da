import type { RecordedEvent } from '@groundtruth/platform';
import { appendDiscussionHistory, discussionCast, doc, text } from '../../../../../test/support/discussion-events.js';
import { expectIdempotent, expectIgnored, projectedHistory } from '../../../../../test/support/projection-checks.js';
import { discussionsProjection } from './discussions.projection.js';

const firstProject = 40;
const firstPost = 1_000;
const world = projectedHistory({
  history: (store) => appendDiscussionHistory(store, { projects: 2, firstProject, firstPost }),
  projections: [discussionsProjection],
});
const { rows } = world;

describe('discussions projection', () => {
  it('keeps posts with their edits, and deleted ones as empty placeholders', async () => {
    const posts = await rows<{
      id: string;
      thread_id: string | null;
      edits: number;
      deleted: boolean;
      body: string;
      mentions: number[];
    }>('SELECT id, thread_id, edits, deleted, body, mentions FROM discussion_posts WHERE project_id = $1 ORDER BY id', [
      firstProject,
    ]);
    const cast = discussionCast(firstProject);
    expect(
      posts.map((p) => [Number(p.id) - firstPost, p.thread_id && Number(p.thread_id) - firstPost, p.edits, p.deleted]),
    ).toEqual([
      [0, null, 1, false],
      [1, 0, 0, false],
      [2, 0, 0, true],
      [3, null, 0, true],
    ]);
    expect(posts[0]!.mentions).toEqual([cast.member, cast.later]);
    expect(posts[2]!.body).toBe('');
    expect(posts[3]!.body).toBe('');
  });

  it('keeps data events with their edits and new scope, without the deleted ones', async () => {
    const events = await rows<{
      id: string;
      end_time: Date;
      all_project_sensors: boolean;
      sensors: unknown;
      station_ids: string[];
    }>('SELECT id, end_time, all_project_sensors, sensors, station_ids FROM data_events WHERE project_id = $1', [firstProject]);
    expect(
      events.map((e) => [
        Number(e.id) - firstPost,
        e.end_time.toISOString(),
        e.all_project_sensors,
        e.sensors,
        e.station_ids.map(Number),
      ]),
    ).toEqual([[4, '2026-04-01T13:00:00.000Z', false, [{ stationId: 7, sensorId: 3 }], [7]]]);
  });

  it('keeps one request per report round, counts its reporters, and drops withdrawn ones', async () => {
    const requests = await rows<{
      id: string;
      post_id: string;
      reporters: number;
      action: string | null;
      acknowledged_by: string | null;
    }>('SELECT id, post_id, reporters, action, acknowledged_by FROM moderation_requests WHERE post_id < $1 ORDER BY id', [
      firstPost + 10,
    ]);
    expect(requests.map((r) => [Number(r.id) - firstPost, Number(r.post_id) - firstPost, r.reporters, r.action])).toEqual([
      [6, 0, 2, 'keep'],
      [9, 2, 1, 'delete'],
      // The reply's first request was withdrawn; the owner's later report opened this one.
      [100_000, 1, 1, null],
    ]);
    // Only the open request holds reports: reporters of acknowledged ones may report again.
    const reports = await rows<{ request_id: string; user_id: string }>(
      'SELECT request_id, user_id FROM moderation_reports WHERE post_id < $1',
      [firstPost + 10],
    );
    expect(reports.map((r) => [Number(r.request_id) - firstPost, Number(r.user_id)])).toEqual([
      [100_000, discussionCast(firstProject).owner],
    ]);
  });

  it('ignores later events of posts, data events and requests it never saw begin', async () => {
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
    await expectIgnored(world.db.pool, discussionsProjection, [
      late('PostEdited', { postId: 99_999, body: doc(text('x')), mentions: [], editedAt: at }, 'post-99999'),
      late('PostDeleted', { postId: 99_999, deletedBy: 1, byModerator: false, deletedAt: at }, 'post-99999'),
      late(
        'DataEventEdited',
        { eventId: 99_999, title: 'x', description: '', start: at, end: at, editedAt: at },
        'data-event-99999',
      ),
      late(
        'DataEventRescoped',
        { eventId: 99_999, scope: { kind: 'project', projectId: 1 }, rescopedAt: at },
        'data-event-99999',
      ),
      late(
        'ReportAcknowledged',
        { requestId: 99_999, postId: 1, postType: 'discussion_post', action: 'keep', acknowledgedBy: 1, acknowledgedAt: at },
        'moderation-post-1',
      ),
      late(
        'ReportCancelled',
        { requestId: 99_999, postId: 1, postType: 'discussion_post', cancelledBy: 1, closed: false, cancelledAt: at },
        'moderation-post-1',
      ),
    ]);
  });

  it('changes nothing when an event comes twice or the log comes again', async () => {
    await expectIdempotent(world.db.pool, world.store, discussionsProjection);
  });
});
