-- What a projection's read model was built by (its tables' DDL, the event types it handles and its
-- version). A projection whose fingerprint changed since is rebuilt from the log on start, so an
-- upgrade that changes a read model never serves, or fails on, tables of the old shape.
ALTER TABLE gt_projection_checkpoints ADD COLUMN fingerprint text;
