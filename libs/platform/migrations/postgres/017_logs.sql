-- The product's own log view (issue 28 item 2): the lines the API and projector processes write,
-- kept queryable for LOG_RETENTION_DAYS (10) and swept after that. An operational table like
-- gt_ingestion_work, not a read model: nothing in the event log rebuilds it.
-- Postgres rather than ClickHouse: the console's page reads stay off the embedded chDB lane, whose
-- bound statements are serialised process-wide (charts and exports queue there), and the sweep is a
-- plain DELETE on the time index. Volume is bounded by the capture's own drop rule.
CREATE TABLE IF NOT EXISTS gt_logs (
  id          bigserial PRIMARY KEY,
  time        timestamptz NOT NULL,
  level       smallint NOT NULL,
  kind        text NOT NULL CHECK (kind IN ('ingestion', 'conflict', 'error', 'other')),
  msg         text NOT NULL,
  process     text,
  request_id  text,
  station_id  bigint,
  user_id     bigint,
  fields      jsonb NOT NULL
);
CREATE INDEX IF NOT EXISTS gt_logs_time ON gt_logs (time DESC, id DESC);
CREATE INDEX IF NOT EXISTS gt_logs_request ON gt_logs (request_id) WHERE request_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS gt_logs_station ON gt_logs (station_id, time DESC) WHERE station_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS gt_logs_kind ON gt_logs (kind, time DESC);
CREATE INDEX IF NOT EXISTS gt_logs_level ON gt_logs (level, time DESC);
