-- The console's projections (issue 28 item 6). A projection that stops on a failing event records the
-- event here (one row per projection and event; a retry that fails again counts another attempt),
-- and the operator's answer (retried or skipped, by whom, through which logged event). A skipped
-- event stays skipped: a rebuild leaves it out too, so the rebuilt model equals the live one.
CREATE TABLE IF NOT EXISTS gt_projection_failures (
  id            bigserial PRIMARY KEY,
  projection    text NOT NULL,
  event_id      uuid NOT NULL,
  event_type    text NOT NULL,
  stream_id     text NOT NULL,
  revision      bigint NOT NULL,
  commit_pos    bigint NOT NULL,
  prepare_pos   bigint NOT NULL,
  error         text NOT NULL,
  attempts      integer NOT NULL DEFAULT 1,
  failed_at     timestamptz NOT NULL DEFAULT now(),
  resolution    text CHECK (resolution IN ('retried', 'skipped')),
  resolved_by   bigint,
  resolved_at   timestamptz,
  -- The logged event (ProjectionEventRetryRequested / ProjectionEventSkipRequested) that resolved it.
  resolved_with text,
  UNIQUE (projection, event_id)
);

-- Rebuilds started from the console (a ProjectionRebuildRequested event in the log): one row per
-- projection the request names, moved by the projector as it replays the log into fresh tables,
-- until the swap.
CREATE TABLE IF NOT EXISTS gt_projection_rebuilds (
  id           bigserial PRIMARY KEY,
  projection   text NOT NULL,
  request_id   text NOT NULL,
  requested_by bigint,
  state        text NOT NULL CHECK (state IN ('queued', 'running', 'swapped', 'failed')),
  events_done  bigint NOT NULL DEFAULT 0,
  events_total bigint NOT NULL DEFAULT 0,
  requested_at timestamptz NOT NULL DEFAULT now(),
  started_at   timestamptz,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  finished_at  timestamptz,
  error        text,
  UNIQUE (request_id, projection)
);
CREATE INDEX IF NOT EXISTS gt_projection_rebuilds_projection ON gt_projection_rebuilds (projection, id DESC);
