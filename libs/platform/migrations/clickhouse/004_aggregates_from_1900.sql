-- Aggregate buckets from 1900 on (CSV imports and LoRaWAN uplinks accept readings from 1900; the
-- "before 2018" rule stays for station uploads only). 003's `bucket` was a DateTime, which holds
-- 1970 to 2106 only, and its views computed buckets with toUnixTimestamp, which fails on readings
-- before 1970. Here `bucket` is a DateTime64(0) (1900 to 2299, like `readings.time`) and each
-- bucket start is computed in milliseconds with a floor division (positiveModulo), so a bucket
-- before 1970 also starts at a multiple of its size since the epoch. Same four levels, same
-- cascade and the same columns otherwise (see 003). The tables are rebuilt from `readings FINAL`.

DROP VIEW IF EXISTS readings_10m_mv;
DROP VIEW IF EXISTS readings_1h_mv;
DROP VIEW IF EXISTS readings_6h_mv;
DROP VIEW IF EXISTS readings_1d_mv;
DROP TABLE IF EXISTS readings_10m;
DROP TABLE IF EXISTS readings_1h;
DROP TABLE IF EXISTS readings_6h;
DROP TABLE IF EXISTS readings_1d;

CREATE TABLE IF NOT EXISTS readings_10m
(
    station_id  UInt32,
    sensor_id   UInt32,
    module_id   UInt32,
    bucket      DateTime64(0, 'UTC'),
    value_min   SimpleAggregateFunction(min, Float64),
    value_max   SimpleAggregateFunction(max, Float64),
    value_sum   SimpleAggregateFunction(sum, Float64),
    value_count SimpleAggregateFunction(sum, UInt64),
    value_last  SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Float64))
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(bucket)
ORDER BY (station_id, sensor_id, bucket, module_id);

CREATE MATERIALIZED VIEW IF NOT EXISTS readings_10m_mv TO readings_10m AS
SELECT
    station_id,
    sensor_id,
    module_id,
    fromUnixTimestamp64Milli(toUnixTimestamp64Milli(time) - positiveModulo(toUnixTimestamp64Milli(time), 600000), 'UTC') AS bucket,
    min(value) AS value_min,
    max(value) AS value_max,
    sum(value) AS value_sum,
    count() AS value_count,
    max((time, value)) AS value_last
FROM readings
GROUP BY station_id, sensor_id, module_id, bucket;

CREATE TABLE IF NOT EXISTS readings_1h
(
    station_id  UInt32,
    sensor_id   UInt32,
    module_id   UInt32,
    bucket      DateTime64(0, 'UTC'),
    value_min   SimpleAggregateFunction(min, Float64),
    value_max   SimpleAggregateFunction(max, Float64),
    value_sum   SimpleAggregateFunction(sum, Float64),
    value_count SimpleAggregateFunction(sum, UInt64),
    value_last  SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Float64))
)
ENGINE = AggregatingMergeTree
PARTITION BY toYear(bucket)
ORDER BY (station_id, sensor_id, bucket, module_id);

CREATE MATERIALIZED VIEW IF NOT EXISTS readings_1h_mv TO readings_1h AS
SELECT
    station_id,
    sensor_id,
    module_id,
    fromUnixTimestamp64Milli(toUnixTimestamp64Milli(bucket) - positiveModulo(toUnixTimestamp64Milli(bucket), 3600000), 'UTC') AS bucket,
    min(value_min) AS value_min,
    max(value_max) AS value_max,
    sum(value_sum) AS value_sum,
    sum(value_count) AS value_count,
    max(value_last) AS value_last
FROM readings_10m
GROUP BY station_id, sensor_id, module_id, bucket;

CREATE TABLE IF NOT EXISTS readings_6h
(
    station_id  UInt32,
    sensor_id   UInt32,
    module_id   UInt32,
    bucket      DateTime64(0, 'UTC'),
    value_min   SimpleAggregateFunction(min, Float64),
    value_max   SimpleAggregateFunction(max, Float64),
    value_sum   SimpleAggregateFunction(sum, Float64),
    value_count SimpleAggregateFunction(sum, UInt64),
    value_last  SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Float64))
)
ENGINE = AggregatingMergeTree
PARTITION BY toYear(bucket)
ORDER BY (station_id, sensor_id, bucket, module_id);

CREATE MATERIALIZED VIEW IF NOT EXISTS readings_6h_mv TO readings_6h AS
SELECT
    station_id,
    sensor_id,
    module_id,
    fromUnixTimestamp64Milli(toUnixTimestamp64Milli(bucket) - positiveModulo(toUnixTimestamp64Milli(bucket), 21600000), 'UTC') AS bucket,
    min(value_min) AS value_min,
    max(value_max) AS value_max,
    sum(value_sum) AS value_sum,
    sum(value_count) AS value_count,
    max(value_last) AS value_last
FROM readings_1h
GROUP BY station_id, sensor_id, module_id, bucket;

CREATE TABLE IF NOT EXISTS readings_1d
(
    station_id  UInt32,
    sensor_id   UInt32,
    module_id   UInt32,
    bucket      DateTime64(0, 'UTC'),
    value_min   SimpleAggregateFunction(min, Float64),
    value_max   SimpleAggregateFunction(max, Float64),
    value_sum   SimpleAggregateFunction(sum, Float64),
    value_count SimpleAggregateFunction(sum, UInt64),
    value_last  SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Float64))
)
ENGINE = AggregatingMergeTree
PARTITION BY toYear(bucket)
ORDER BY (station_id, sensor_id, bucket, module_id);

CREATE MATERIALIZED VIEW IF NOT EXISTS readings_1d_mv TO readings_1d AS
SELECT
    station_id,
    sensor_id,
    module_id,
    fromUnixTimestamp64Milli(toUnixTimestamp64Milli(bucket) - positiveModulo(toUnixTimestamp64Milli(bucket), 86400000), 'UTC') AS bucket,
    min(value_min) AS value_min,
    max(value_max) AS value_max,
    sum(value_sum) AS value_sum,
    sum(value_count) AS value_count,
    max(value_last) AS value_last
FROM readings_6h
GROUP BY station_id, sensor_id, module_id, bucket;

-- Readings stored before this migration: aggregated once, through the cascade.
INSERT INTO readings_10m
SELECT
    station_id,
    sensor_id,
    module_id,
    fromUnixTimestamp64Milli(toUnixTimestamp64Milli(time) - positiveModulo(toUnixTimestamp64Milli(time), 600000), 'UTC') AS bucket,
    min(value) AS value_min,
    max(value) AS value_max,
    sum(value) AS value_sum,
    count() AS value_count,
    max((time, value)) AS value_last
FROM readings FINAL
GROUP BY station_id, sensor_id, module_id, bucket;
