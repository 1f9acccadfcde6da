-- GET /sensors/data/recently from Postgres (issue 31): each ten-minute bucket kept in gt_sensor_recent
-- (migration 028) also keeps its lowest reading, sum, count and latest reading, so a recent window's
-- mean, minimum, maximum and last are summed from these rows and the page path never asks ClickHouse.
--
-- Numbered before 028 but written to run either side of it: on a new database it runs first and
-- creates the tables as 028 describes them (028's CREATE ... IF NOT EXISTS then does nothing); on a
-- database where 028 ran, it adds the columns.
CREATE TABLE IF NOT EXISTS gt_sensor_latest (
  station_id bigint NOT NULL,
  module_id  bigint NOT NULL,
  sensor_id  integer NOT NULL,
  last_time  timestamptz NOT NULL,
  last_value double precision NOT NULL,
  samples    bigint NOT NULL,
  PRIMARY KEY (station_id, module_id, sensor_id)
);
CREATE TABLE IF NOT EXISTS gt_sensor_recent (
  station_id bigint NOT NULL,
  module_id  bigint NOT NULL,
  sensor_id  integer NOT NULL,
  bucket     timestamptz NOT NULL,
  value_max  double precision NOT NULL,
  PRIMARY KEY (station_id, module_id, sensor_id, bucket)
);
ALTER TABLE gt_sensor_recent
  ADD COLUMN IF NOT EXISTS value_min   double precision,
  ADD COLUMN IF NOT EXISTS value_sum   double precision,
  ADD COLUMN IF NOT EXISTS value_count bigint,
  ADD COLUMN IF NOT EXISTS last_time   timestamptz,
  ADD COLUMN IF NOT EXISTS last_value  double precision;

-- Stations summarised before these columns: forgotten, so that the ingestion processor's catch-up
-- (at its next start) summarises them again whole, under each station's lock.
DELETE FROM gt_sensor_latest WHERE station_id IN (SELECT station_id FROM gt_sensor_recent WHERE value_count IS NULL);
DELETE FROM gt_sensor_recent WHERE value_count IS NULL;
