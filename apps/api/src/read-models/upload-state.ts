/**
 * An upload's state in SQL, over an `ingestions` row `i` and its `gt_ingestion_work` row `w` (LEFT
 * JOIN ON w.ingestion_id = i.id): the process manager's own word while it works on it, else owed
 * (received), else what the last processing came to. Failed: processed, and nothing in it was usable.
 * Here, beside the read models, because both an upload's own answer (ingestion) and a station's
 * list of uploads (stations) read it, and stations sit below ingestion.
 */
export const UPLOAD_STATE_SQL = `CASE WHEN w.state IS NOT NULL THEN w.state
  WHEN i.pending THEN 'received'
  WHEN coalesce(i.errors, 0) > 0 AND coalesce(i.readings, 0) = 0 AND coalesce(i.records, 0) <= i.errors THEN 'failed'
  ELSE 'processed' END`;
