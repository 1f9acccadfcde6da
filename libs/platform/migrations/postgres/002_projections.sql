-- One row per projection: its checkpoint moves in the same transaction as its read-model rows.
CREATE TABLE gt_projection_checkpoints (
  name text PRIMARY KEY,
  commit_pos bigint,
  prepare_pos bigint,
  state text NOT NULL DEFAULT 'running',
  error text,
  failed_event_id uuid,
  event_types text[] NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Facts about this installation (e.g. that demo data was seeded), not domain state.
CREATE TABLE gt_app_meta (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
