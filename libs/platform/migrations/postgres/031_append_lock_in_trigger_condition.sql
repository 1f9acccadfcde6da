-- The append announcement of migration 010, without a PL/pgSQL call on every append (issue 31
-- item 6). The trigger's WHEN condition is a plain executor expression: for a statement whose
-- transaction has no id yet (every append the event store makes: it is the first write of its
-- transaction) it takes the shared append lock itself, without waiting, and the trigger function is
-- not called at all. The function, unchanged, still guards everything else: a transaction that
-- wrote something before appending (it is refused unless it called gt_announce_append() first),
-- and the lock not being free at once (it then waits for it as before). CASE fixes the order: the
-- transaction id is looked at before the lock is taken.
DROP TRIGGER gt_events_announce_append ON gt_events;
CREATE TRIGGER gt_events_announce_append
  BEFORE INSERT ON gt_events
  FOR EACH STATEMENT
  WHEN (CASE WHEN pg_current_xact_id_if_assigned() IS NULL THEN NOT pg_try_advisory_xact_lock_shared(26484, 1) ELSE true END)
  EXECUTE FUNCTION gt_events_announce_append();
