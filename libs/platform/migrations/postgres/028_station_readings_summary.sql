-- What pages show about a station's readings, kept in Postgres so that station pages, project pages,
-- maps and status never wait for ClickHouse (issue 31). Written by the ingestion process manager
-- when it processes an upload, after the readings are in ClickHouse and before the processing is
-- recorded, under the station's ingestion lock: recomputed whole for the station from its aggregate
-- levels each time, so a processing done again after a crash writes the same rows.

-- Each station module sensor's latest reading and how many readings it holds (readings_1d).
CREATE TABLE IF NOT EXISTS gt_sensor_latest (
  station_id bigint NOT NULL,
  module_id  bigint NOT NULL,
  sensor_id  integer NOT NULL,
  last_time  timestamptz NOT NULL,
  last_value double precision NOT NULL,
  samples    bigint NOT NULL,
  PRIMARY KEY (station_id, module_id, sensor_id)
);

-- The highest reading of each ten-minute bucket (readings_10m) of the 73 hours before the write:
-- the map's recent window (at most 72 hours) is read from these.
CREATE TABLE IF NOT EXISTS gt_sensor_recent (
  station_id bigint NOT NULL,
  module_id  bigint NOT NULL,
  sensor_id  integer NOT NULL,
  bucket     timestamptz NOT NULL,
  value_max  double precision NOT NULL,
  PRIMARY KEY (station_id, module_id, sensor_id, bucket)
);
CREATE INDEX IF NOT EXISTS gt_sensor_recent_bucket ON gt_sensor_recent (bucket);
