-- Aggregates of `readings` at five granularities (1 minute, 10 minutes, 1 hour, 6 hours, 1 day),
-- one row per (station, sensor, module, bucket) with min, max, sum, count and the last value
-- (argMax by time) and its time. Buckets start at multiples of their size since the Unix epoch, in
-- UTC, so every coarser bucket is made of whole finer ones and chart buckets that are multiples of
-- a level's size are made of whole level buckets (exact regrouping).
--
-- Materialized views fill them from every block inserted into `readings`, so new readings are
-- queryable at once, without a refresh step. A view sees inserted rows, not the replacing merge:
-- a reading inserted again (a reprocessed ingestion, or an upload overlapping an earlier one) is
-- counted twice until its buckets are reconciled. SensorAggregates.reconcile (apps/api/src/sensors)
-- finds the minutes whose count differs from `readings FINAL` and rebuilds their buckets at every
-- level from `readings FINAL`; ingestion calls it for the time range of what it wrote.

CREATE TABLE IF NOT EXISTS readings_1m
(
    station_id  UInt32,
    sensor_id   UInt32,
    module_id   UInt32,
    bucket      DateTime('UTC'),
    value_min   SimpleAggregateFunction(min, Float64),
    value_max   SimpleAggregateFunction(max, Float64),
    value_sum   SimpleAggregateFunction(sum, Float64),
    value_count SimpleAggregateFunction(sum, UInt64),
    value_last  AggregateFunction(argMax, Float64, DateTime64(3, 'UTC')),
    last_time   SimpleAggregateFunction(max, DateTime64(3, 'UTC'))
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(bucket)
ORDER BY (station_id, sensor_id, bucket, module_id);

CREATE MATERIALIZED VIEW IF NOT EXISTS readings_1m_mv TO readings_1m AS
SELECT
    station_id,
    sensor_id,
    module_id,
    toDateTime(intDiv(toUnixTimestamp(time), 60) * 60, 'UTC') AS bucket,
    min(value) AS value_min,
    max(value) AS value_max,
    sum(value) AS value_sum,
    count() AS value_count,
    argMaxState(value, time) AS value_last,
    max(time) AS last_time
FROM readings
GROUP BY station_id, sensor_id, module_id, bucket;

CREATE TABLE IF NOT EXISTS readings_10m
(
    station_id  UInt32,
    sensor_id   UInt32,
    module_id   UInt32,
    bucket      DateTime('UTC'),
    value_min   SimpleAggregateFunction(min, Float64),
    value_max   SimpleAggregateFunction(max, Float64),
    value_sum   SimpleAggregateFunction(sum, Float64),
    value_count SimpleAggregateFunction(sum, UInt64),
    value_last  AggregateFunction(argMax, Float64, DateTime64(3, 'UTC')),
    last_time   SimpleAggregateFunction(max, DateTime64(3, 'UTC'))
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(bucket)
ORDER BY (station_id, sensor_id, bucket, module_id);

CREATE MATERIALIZED VIEW IF NOT EXISTS readings_10m_mv TO readings_10m AS
SELECT
    station_id,
    sensor_id,
    module_id,
    toDateTime(intDiv(toUnixTimestamp(time), 600) * 600, 'UTC') AS bucket,
    min(value) AS value_min,
    max(value) AS value_max,
    sum(value) AS value_sum,
    count() AS value_count,
    argMaxState(value, time) AS value_last,
    max(time) AS last_time
FROM readings
GROUP BY station_id, sensor_id, module_id, bucket;

CREATE TABLE IF NOT EXISTS readings_1h
(
    station_id  UInt32,
    sensor_id   UInt32,
    module_id   UInt32,
    bucket      DateTime('UTC'),
    value_min   SimpleAggregateFunction(min, Float64),
    value_max   SimpleAggregateFunction(max, Float64),
    value_sum   SimpleAggregateFunction(sum, Float64),
    value_count SimpleAggregateFunction(sum, UInt64),
    value_last  AggregateFunction(argMax, Float64, DateTime64(3, 'UTC')),
    last_time   SimpleAggregateFunction(max, DateTime64(3, 'UTC'))
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(bucket)
ORDER BY (station_id, sensor_id, bucket, module_id);

CREATE MATERIALIZED VIEW IF NOT EXISTS readings_1h_mv TO readings_1h AS
SELECT
    station_id,
    sensor_id,
    module_id,
    toDateTime(intDiv(toUnixTimestamp(time), 3600) * 3600, 'UTC') AS bucket,
    min(value) AS value_min,
    max(value) AS value_max,
    sum(value) AS value_sum,
    count() AS value_count,
    argMaxState(value, time) AS value_last,
    max(time) AS last_time
FROM readings
GROUP BY station_id, sensor_id, module_id, bucket;

CREATE TABLE IF NOT EXISTS readings_6h
(
    station_id  UInt32,
    sensor_id   UInt32,
    module_id   UInt32,
    bucket      DateTime('UTC'),
    value_min   SimpleAggregateFunction(min, Float64),
    value_max   SimpleAggregateFunction(max, Float64),
    value_sum   SimpleAggregateFunction(sum, Float64),
    value_count SimpleAggregateFunction(sum, UInt64),
    value_last  AggregateFunction(argMax, Float64, DateTime64(3, 'UTC')),
    last_time   SimpleAggregateFunction(max, DateTime64(3, 'UTC'))
)
ENGINE = AggregatingMergeTree
PARTITION BY toYear(bucket)
ORDER BY (station_id, sensor_id, bucket, module_id);

CREATE MATERIALIZED VIEW IF NOT EXISTS readings_6h_mv TO readings_6h AS
SELECT
    station_id,
    sensor_id,
    module_id,
    toDateTime(intDiv(toUnixTimestamp(time), 21600) * 21600, 'UTC') AS bucket,
    min(value) AS value_min,
    max(value) AS value_max,
    sum(value) AS value_sum,
    count() AS value_count,
    argMaxState(value, time) AS value_last,
    max(time) AS last_time
FROM readings
GROUP BY station_id, sensor_id, module_id, bucket;

CREATE TABLE IF NOT EXISTS readings_1d
(
    station_id  UInt32,
    sensor_id   UInt32,
    module_id   UInt32,
    bucket      DateTime('UTC'),
    value_min   SimpleAggregateFunction(min, Float64),
    value_max   SimpleAggregateFunction(max, Float64),
    value_sum   SimpleAggregateFunction(sum, Float64),
    value_count SimpleAggregateFunction(sum, UInt64),
    value_last  AggregateFunction(argMax, Float64, DateTime64(3, 'UTC')),
    last_time   SimpleAggregateFunction(max, DateTime64(3, 'UTC'))
)
ENGINE = AggregatingMergeTree
PARTITION BY toYear(bucket)
ORDER BY (station_id, sensor_id, bucket, module_id);

CREATE MATERIALIZED VIEW IF NOT EXISTS readings_1d_mv TO readings_1d AS
SELECT
    station_id,
    sensor_id,
    module_id,
    toDateTime(intDiv(toUnixTimestamp(time), 86400) * 86400, 'UTC') AS bucket,
    min(value) AS value_min,
    max(value) AS value_max,
    sum(value) AS value_sum,
    count() AS value_count,
    argMaxState(value, time) AS value_last,
    max(time) AS last_time
FROM readings
GROUP BY station_id, sensor_id, module_id, bucket;
