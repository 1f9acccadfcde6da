-- Export quotas and retention (issue 31 item 4). A finished export's file is kept until
-- `expires_at` (EXPORT_RETENTION_DAYS after it was done); the projector's sweep then deletes the
-- file and marks the record 'expired', which the history shows. A failure keeps a stable code
-- (`error_code`, e.g. EXPORT.TOO_LARGE past EXPORT_MAX_BYTES) beside its message for the web app.
ALTER TABLE gt_exports ADD COLUMN IF NOT EXISTS expires_at timestamptz;
ALTER TABLE gt_exports ADD COLUMN IF NOT EXISTS expired_at timestamptz;
ALTER TABLE gt_exports ADD COLUMN IF NOT EXISTS error_code text;
ALTER TABLE gt_exports DROP CONSTRAINT IF EXISTS gt_exports_state_check;
ALTER TABLE gt_exports ADD CONSTRAINT gt_exports_state_check CHECK (state IN ('queued', 'running', 'done', 'failed', 'expired'));
-- Files made before retention existed get their expiry from the sweep (done + EXPORT_RETENTION_DAYS).
CREATE INDEX IF NOT EXISTS gt_exports_expiring ON gt_exports (expires_at) WHERE state = 'done';
-- The runner counts each owner's running exports when it claims one (EXPORT_MAX_RUNNING_PER_USER).
CREATE INDEX IF NOT EXISTS gt_exports_owner_running ON gt_exports (owner_id) WHERE state IN ('queued', 'running');
