import {
  dataEventEventTypes,
  moderationEventTypes,
  postEventTypes,
  type DataEventEvent,
  type DataEventScope,
  type ModerationEvent,
  type PostEvent,
  type UserDeleted,
} from '@groundtruth/domain';
import {
  dataEventsTable,
  discussionPostsTable,
  moderationReportsTable,
  moderationRequestsTable,
  type Projection,
  type RecordedEvent,
} from '@groundtruth/platform';

type Handled = PostEvent | DataEventEvent | ModerationEvent | UserDeleted;

/** A scope as the row keeps it: all_project_sensors, sensors (JSON), station_ids (to find events by station). */
const scopeColumns = (scope: DataEventScope): [boolean, string, number[]] => {
  const sensors = scope.kind === 'sensors' ? scope.sensors : [];
  return [scope.kind === 'project', JSON.stringify(sensors), [...new Set(sensors.map((s) => s.stationId))]];
};

/**
 * Comments and replies, data events and moderation requests as the discussion panels and the
 * moderators' queue read them. Every write is guarded by the stream revision (posts, events) or is
 * a set operation (reports), so a replayed batch changes nothing.
 *
 * A post's body is its author's personal data: the log reads it null once the author's account is
 * deleted, and `UserDeleted` empties the bodies already here (also those of posts stored before
 * bodies were sealed), so neither the live read model nor a rebuild shows an erased author's words.
 * Data events are the project's record of its data and keep their text (docs/audit.md).
 */
export const discussionsProjection: Projection = {
  name: 'discussions',
  handles: [...postEventTypes, ...dataEventEventTypes, ...moderationEventTypes, 'UserDeleted'],
  tables: [discussionPostsTable, dataEventsTable, moderationRequestsTable, moderationReportsTable],
  async apply(events: readonly RecordedEvent[], { client, table }) {
    const posts = table(discussionPostsTable.name);
    const dataEvents = table(dataEventsTable.name);
    const requests = table(moderationRequestsTable.name);
    const reports = table(moderationReportsTable.name);
    for (const event of events as readonly (RecordedEvent & Handled)[]) {
      const revision = event.revision.toString();
      switch (event.type) {
        case 'PostCreated': {
          const d = event.data;
          await client.query(
            `INSERT INTO ${posts} (id, project_id, bookmark, thread_id, author_id, body, mentions, edits, deleted, erased, revision, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, 0, false, $8, $9, $10, $10) ON CONFLICT (id) DO NOTHING`,
            [
              d.postId,
              d.projectId,
              d.bookmark,
              d.threadId,
              d.authorId,
              d.pii?.body ?? '',
              JSON.stringify(d.mentions),
              d.pii === null,
              revision,
              d.createdAt,
            ],
          );
          break;
        }
        case 'PostEdited': {
          const d = event.data;
          await client.query(
            `UPDATE ${posts} SET body = CASE WHEN erased OR $6 THEN '' ELSE $2 END, mentions = $3, edits = edits + 1,
                    erased = erased OR $6, revision = $4, updated_at = $5
             WHERE id = $1 AND revision < $4 AND NOT deleted`,
            [d.postId, d.pii?.body ?? '', JSON.stringify(d.mentions), revision, d.editedAt, d.pii === null],
          );
          break;
        }
        case 'PostDeleted': {
          const d = event.data;
          // The body goes; the row stays as the placeholder its replies hang from.
          await client.query(
            `UPDATE ${posts} SET body = '', mentions = '[]', deleted = true, revision = $2, updated_at = $3
             WHERE id = $1 AND revision < $2`,
            [d.postId, revision, d.deletedAt],
          );
          break;
        }
        case 'UserDeleted':
          await client.query(`UPDATE ${posts} SET body = '', erased = true WHERE author_id = $1 AND (NOT erased OR body <> '')`, [
            event.data.userId,
          ]);
          break;
        case 'DataEventCreated': {
          const d = event.data;
          const scope = scopeColumns(d.scope);
          await client.query(
            `INSERT INTO ${dataEvents} (id, project_id, bookmark, author_id, title, description, start_time, end_time,
               all_project_sensors, sensors, station_ids, revision, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) ON CONFLICT (id) DO NOTHING`,
            [
              d.eventId,
              d.projectId,
              d.bookmark,
              d.authorId,
              d.title,
              d.description,
              d.start,
              d.end,
              ...scope,
              revision,
              d.createdAt,
            ],
          );
          break;
        }
        case 'DataEventEdited': {
          const d = event.data;
          await client.query(
            `UPDATE ${dataEvents} SET title = $2, description = $3, start_time = $4, end_time = $5, revision = $6, updated_at = $7
             WHERE id = $1 AND revision < $6`,
            [d.eventId, d.title, d.description, d.start, d.end, revision, d.editedAt],
          );
          break;
        }
        case 'DataEventRescoped': {
          const d = event.data;
          await client.query(
            `UPDATE ${dataEvents} SET all_project_sensors = $2, sensors = $3, station_ids = $4, revision = $5, updated_at = $6
             WHERE id = $1 AND revision < $5`,
            [d.eventId, ...scopeColumns(d.scope), revision, d.rescopedAt],
          );
          break;
        }
        case 'DataEventDeleted':
          await client.query(`DELETE FROM ${dataEvents} WHERE id = $1`, [event.data.eventId]);
          break;
        case 'PostReported': {
          const d = event.data;
          await client.query(
            `INSERT INTO ${requests} (id, post_id, post_type, reported_by, reported_at, reporters)
             VALUES ($1, $2, $3, $4, $5, 0) ON CONFLICT (id) DO NOTHING`,
            [d.requestId, d.postId, d.postType, d.reportedBy, d.reportedAt],
          );
          // Only into a request still open: a replayed report of an acknowledged request must not reopen it.
          const added = await client.query(
            `INSERT INTO ${reports} (request_id, user_id, post_id, post_type)
             SELECT $1, $2, $3, $4 WHERE EXISTS (SELECT 1 FROM ${requests} WHERE id = $1 AND acknowledged_at IS NULL)
             ON CONFLICT DO NOTHING`,
            [d.requestId, d.reportedBy, d.postId, d.postType],
          );
          if (added.rowCount) await client.query(`UPDATE ${requests} SET reporters = reporters + 1 WHERE id = $1`, [d.requestId]);
          break;
        }
        case 'ReportCancelled': {
          const d = event.data;
          const removed = await client.query(`DELETE FROM ${reports} WHERE request_id = $1 AND user_id = $2`, [
            d.requestId,
            d.cancelledBy,
          ]);
          if (removed.rowCount)
            await client.query(`UPDATE ${requests} SET reporters = reporters - 1 WHERE id = $1`, [d.requestId]);
          if (d.closed) {
            await client.query(`DELETE FROM ${reports} WHERE request_id = $1`, [d.requestId]);
            await client.query(`DELETE FROM ${requests} WHERE id = $1`, [d.requestId]);
          }
          break;
        }
        case 'ReportAcknowledged': {
          const d = event.data;
          await client.query(
            `UPDATE ${requests} SET acknowledged_at = $2, acknowledged_by = $3, action = $4 WHERE id = $1 AND acknowledged_at IS NULL`,
            [d.requestId, d.acknowledgedAt, d.acknowledgedBy, d.action],
          );
          // Reporters may report the post again: that opens a new request.
          await client.query(`DELETE FROM ${reports} WHERE request_id = $1`, [d.requestId]);
          break;
        }
      }
    }
  },
};
