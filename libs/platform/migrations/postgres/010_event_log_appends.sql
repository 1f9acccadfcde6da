-- Appends announce themselves, so that readers wait only for transactions that may still add
-- events to the log (not for every transaction on the server, as pg_snapshot_xmin did: one long
-- backup or report anywhere on the server froze every projection).
--
-- Every statement that inserts into gt_events first takes a shared transaction-level advisory
-- lock (namespace 0x6774 'gt', key 1), held until the transaction ends. Shared locks never wait
-- for each other, so appends stay parallel. Readers look the holders up in pg_locks (see
-- postgres-event-store.ts, "the horizon").
--
-- The lock must be taken before the transaction has a transaction id: a reader trusts that a
-- transaction which had an id when the reader's snapshot was taken, and did not hold the lock
-- when the reader looked afterwards, will never append. A statement-level BEFORE trigger runs
-- before the first row is written (which is what assigns the id); a transaction that wrote
-- something else first and has not announced itself is refused, loudly.
CREATE FUNCTION gt_events_announce_append() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_current_xact_id_if_assigned() IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM pg_locks
    WHERE pid = pg_backend_pid() AND locktype = 'advisory' AND classid = 26484 AND objid = 1 AND objsubid = 2 AND granted
  ) THEN
    RAISE EXCEPTION 'an append to gt_events must come before any other write of its transaction (or call gt_announce_append() first)'
      USING ERRCODE = 'GT001';
  END IF;
  PERFORM pg_advisory_xact_lock_shared(26484, 1);
  RETURN NULL;
END
$$;

-- For a transaction that must write elsewhere before it appends: call this first.
CREATE FUNCTION gt_announce_append() RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock_shared(26484, 1)
$$;

CREATE TRIGGER gt_events_announce_append
  BEFORE INSERT ON gt_events
  FOR EACH STATEMENT EXECUTE FUNCTION gt_events_announce_append();
