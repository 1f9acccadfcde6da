-- Bookmarks: saved explore workspaces, content-addressed. A bookmark is content, not an aggregate:
-- it never changes (a change is another bookmark), has no owner and no invariant to decide, so it is
-- a plain table keyed by its token, not a stream of events (see README, Bookmarks).
CREATE TABLE IF NOT EXISTS gt_bookmarks (
  token      text PRIMARY KEY,
  content    text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS gt_bookmarks_content ON gt_bookmarks (md5(content));

-- Export jobs (spec §3 Export record, §4 Export states): the record survives a restart; the
-- projector claims queued jobs (and running ones whose runner stopped beating), streams the rows
-- from ClickHouse into a file in the blob store, and records progress as it goes.
CREATE TABLE IF NOT EXISTS gt_exports (
  id           bigserial PRIMARY KEY,
  token        text NOT NULL UNIQUE,
  owner_id     bigint NOT NULL,
  format       text NOT NULL CHECK (format IN ('csv', 'json-lines')),
  state        text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  query        jsonb NOT NULL,
  file_name    text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  started_at   timestamptz,
  completed_at timestamptz,
  heartbeat_at timestamptz,
  attempts     integer NOT NULL DEFAULT 0,
  total_rows   bigint,
  rows         bigint NOT NULL DEFAULT 0,
  size         bigint,
  downloaded   boolean NOT NULL DEFAULT false,
  error        text
);
CREATE INDEX IF NOT EXISTS gt_exports_owner ON gt_exports (owner_id, created_at DESC);
CREATE INDEX IF NOT EXISTS gt_exports_waiting ON gt_exports (created_at) WHERE state IN ('queued', 'running');
