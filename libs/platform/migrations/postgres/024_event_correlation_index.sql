-- The audit's "everything one request or chain caused" (issue 29): events by correlation id across
-- streams. Every event carries it in its metadata (stamped at append by decideAndAppend and by the
-- ingestion process manager); without this index a lookup reads the whole log.
CREATE INDEX IF NOT EXISTS gt_events_correlation ON gt_events ((metadata ->> 'correlationId'), tx_id, position);
