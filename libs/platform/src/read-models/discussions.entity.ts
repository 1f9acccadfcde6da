import type { NotificationKind, ReportedPostType } from '@groundtruth/domain';
import { col, readModelTable, type RowOf } from './read-model-table.js';

/**
 * Written by the projector's discussions projection: comments and replies, data events, and the
 * moderators' requests with who reported what. A deleted post stays as a row (`deleted`, its body
 * emptied) so the replies under it keep their thread; the queries leave out what nobody needs.
 */
export const discussionPostsTable = readModelTable(
  'discussion_posts',
  {
    id: col.bigint().primary(),
    project_id: col.bigint().nullable(),
    bookmark: col.text().nullable(),
    /** The top-level post a reply answers; null for a top-level post. */
    thread_id: col.bigint().nullable(),
    author_id: col.bigint(),
    body: col.text(),
    mentions: col.jsonb<number[]>(),
    edits: col.int(),
    deleted: col.boolean(),
    /** The author's account was deleted: the body is erased with it (emptied), the row stays for its replies. */
    erased: col.boolean(),
    revision: col.bigint(),
    created_at: col.timestamptz(),
    updated_at: col.timestamptz(),
  },
  {
    indexes: [
      { suffix: 'project', on: 'project_id, created_at DESC', where: 'project_id IS NOT NULL' },
      { suffix: 'bookmark', on: 'bookmark, created_at DESC', where: 'bookmark IS NOT NULL' },
      { suffix: 'author', on: 'author_id' },
      { suffix: 'thread', on: 'thread_id', where: 'thread_id IS NOT NULL' },
    ],
  },
);
export type DiscussionPostRow = RowOf<typeof discussionPostsTable.columns>;

export const dataEventsTable = readModelTable(
  'data_events',
  {
    id: col.bigint().primary(),
    project_id: col.bigint().nullable(),
    bookmark: col.text().nullable(),
    author_id: col.bigint(),
    title: col.text(),
    description: col.text(),
    start_time: col.timestamptz(),
    end_time: col.timestamptz(),
    all_project_sensors: col.boolean(),
    /** The sensors a scoped event is about; empty when it covers all the project's sensors. */
    sensors: col.jsonb<{ stationId: number; sensorId: number }[]>(),
    /** The stations of `sensors`, so a chart finds its events through an index. */
    station_ids: col.bigintArray(),
    revision: col.bigint(),
    created_at: col.timestamptz(),
    updated_at: col.timestamptz(),
  },
  {
    indexes: [
      { suffix: 'project', on: 'project_id, start_time', where: 'project_id IS NOT NULL' },
      { suffix: 'bookmark', on: 'bookmark, start_time', where: 'bookmark IS NOT NULL' },
    ],
  },
);
export type DataEventRow = RowOf<typeof dataEventsTable.columns>;

/** One row per request: open until acknowledged; a request all its reporters withdrew goes away. */
export const moderationRequestsTable = readModelTable(
  'moderation_requests',
  {
    id: col.bigint().primary(),
    post_id: col.bigint(),
    post_type: col.oneOf<ReportedPostType>(['discussion_post', 'data_event']),
    reported_by: col.bigint(),
    reported_at: col.timestamptz(),
    reporters: col.int(),
    acknowledged_at: col.timestamptz().nullable(),
    acknowledged_by: col.bigint().nullable(),
    action: col.oneOf<'delete' | 'keep'>(['delete', 'keep']).nullable(),
  },
  { indexes: [{ suffix: 'queue', on: 'id DESC' }] },
);
export type ModerationRequestRow = RowOf<typeof moderationRequestsTable.columns>;

/** Who reported a post in its open request (a post's `userHasReported`). */
export const moderationReportsTable = readModelTable(
  'moderation_reports',
  {
    request_id: col.bigint().primary(),
    user_id: col.bigint().primary(),
    post_id: col.bigint(),
    post_type: col.oneOf<ReportedPostType>(['discussion_post', 'data_event']),
  },
  { indexes: [{ suffix: 'user', on: 'user_id, post_type, post_id' }] },
);
export type ModerationReportRow = RowOf<typeof moderationReportsTable.columns>;

/**
 * Written by the projector's notifications projection. `id` is given by the projection in log order
 * (from `notification_counter`), so a client that holds id N has every notification up to N, and a
 * rebuild gives the same ids. `source` names the post event that raised it (`post-5@0`).
 */
export const notificationsTable = readModelTable(
  'notifications',
  {
    id: col.bigint().primary(),
    user_id: col.bigint(),
    kind: col.oneOf<NotificationKind>(['reply', 'comment', 'mention']),
    post_id: col.bigint(),
    author_id: col.bigint(),
    project_id: col.bigint().nullable(),
    bookmark: col.text().nullable(),
    source: col.text(),
    seen: col.boolean(),
    created_at: col.timestamptz(),
  },
  {
    indexes: [
      { suffix: 'user', on: 'user_id, id DESC' },
      { suffix: 'source', on: 'user_id, source', unique: true },
      { suffix: 'post', on: 'post_id' },
    ],
  },
);
export type NotificationRow = RowOf<typeof notificationsTable.columns>;

/** The last notification id given out (one row). */
export const notificationCounterTable = readModelTable('notification_counter', {
  id: col.int().primary(),
  last_id: col.bigint(),
});

/** What the notifications projection keeps of each post: who wrote where, and whom it mentioned. */
export const notificationPostsTable = readModelTable(
  'notification_posts',
  {
    post_id: col.bigint().primary(),
    author_id: col.bigint(),
    thread_id: col.bigint().nullable(),
    project_id: col.bigint().nullable(),
    bookmark: col.text().nullable(),
    mentions: col.jsonb<number[]>(),
    revision: col.bigint(),
  },
  { indexes: [{ suffix: 'thread', on: 'thread_id', where: 'thread_id IS NOT NULL' }] },
);

/**
 * Who may read each project's posts, as the log says at the post's position (not as another
 * projection says now): public, or its members. A rebuild then tells the same people.
 */
export const notificationProjectsTable = readModelTable('notification_projects', {
  project_id: col.bigint().primary(),
  is_public: col.boolean(),
});
export const notificationMembersTable = readModelTable('notification_members', {
  project_id: col.bigint().primary(),
  user_id: col.bigint().primary(),
});
