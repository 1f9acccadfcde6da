-- The event log. Global order is (tx_id, position): readers only take events whose appending
-- transaction is older than the oldest one still running, so a commit that lands out of
-- sequence order is never skipped (see DESIGN.md, "Gaps in the Postgres log").
-- The unique (stream_id, revision) index is the optimistic-concurrency check on append.
CREATE TABLE gt_events (
  position bigserial PRIMARY KEY,
  tx_id bigint NOT NULL DEFAULT (pg_current_xact_id()::text::bigint),
  stream_id text NOT NULL,
  revision bigint NOT NULL,
  event_id uuid NOT NULL,
  type text NOT NULL,
  data json NOT NULL,
  metadata json NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT gt_events_stream_revision UNIQUE (stream_id, revision)
);
-- No index on event_id: idempotent retries are recognised by comparing ids at the stream place
-- the retry asks for (as EventStoreDB does); a random-uuid index cost a fifth of append throughput.

CREATE INDEX gt_events_global_order ON gt_events (tx_id, position);
