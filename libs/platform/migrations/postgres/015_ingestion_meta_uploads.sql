-- The ingestion process manager's own index of meta uploads (DESIGN.md: it never reads another
-- projection's read model). A data upload is read with the meta uploads of its station and
-- generation; an older meta upload processed again must not undo the modules a later usable one set.
-- Filled from the log as the manager reads it (and, once, from the log's start up to its checkpoint);
-- its position is the row 'ingestion_metas' of gt_process_checkpoints.
CREATE TABLE IF NOT EXISTS gt_ingestion_metas (
  ingestion_id bigint PRIMARY KEY,
  station_id   bigint NOT NULL,
  generation   text NOT NULL,
  blob_key     text NOT NULL,
  -- Whether its last processing held readable records (records > errors); null until processed.
  usable       boolean
);
CREATE INDEX IF NOT EXISTS gt_ingestion_metas_station ON gt_ingestion_metas (station_id, generation, ingestion_id);
