-- One live station per device id (the log cannot check uniqueness across streams): a device id
-- is claimed here before the registering event is appended, like e-mail addresses in gt_email_claims.
CREATE TABLE IF NOT EXISTS gt_station_device_claims (
  device_id text PRIMARY KEY,
  station_id bigint NOT NULL,
  owner_id bigint NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now()
);
