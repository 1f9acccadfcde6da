-- The ingestion process manager (DESIGN.md: ingestion processing in the projector). It follows the
-- log like a projection, but its effects (ClickHouse rows, IngestionProcessed) are outside Postgres,
-- so its checkpoint is kept apart from the projections' (read-your-writes never waits for it) and
-- moves only once every upload before it is recorded processed.
CREATE TABLE IF NOT EXISTS gt_process_checkpoints (
  name        text PRIMARY KEY,
  commit_pos  bigint,
  prepare_pos bigint,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- Uploads being processed now, or waiting for a store to come back: what the log cannot say
-- (a processing is recorded only when it ends). A row goes when its IngestionProcessed is appended;
-- a row left by a killed process is replaced when the upload is taken up again.
CREATE TABLE IF NOT EXISTS gt_ingestion_work (
  ingestion_id bigint PRIMARY KEY,
  station_id   bigint NOT NULL,
  state        text NOT NULL CHECK (state IN ('processing', 'waiting')),
  attempts     integer NOT NULL DEFAULT 0,
  error        text,
  since        timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS gt_ingestion_work_station ON gt_ingestion_work (station_id);
