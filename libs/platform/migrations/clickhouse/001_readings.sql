-- Raw sensor readings, one row per (station, sensor, time, module).
-- Reprocessing an ingestion inserts its rows again with a higher `version`; ReplacingMergeTree
-- keeps the highest version per sorting key, so a replay replaces readings and never duplicates
-- them. Merges are eventual: queries that must not see duplicates read with FINAL or group by the key.
-- `ingestion_id` says which ingestion wrote the row (to find or replace an ingestion's readings).
CREATE TABLE IF NOT EXISTS readings
(
    station_id   UInt32,
    module_id    UInt32,
    sensor_id    UInt32,
    time         DateTime64(3, 'UTC') CODEC(DoubleDelta, ZSTD),
    value        Float64 CODEC(Gorilla, ZSTD),
    ingestion_id UInt64,
    version      UInt64
)
ENGINE = ReplacingMergeTree(version)
PARTITION BY toYYYYMM(time)
ORDER BY (station_id, sensor_id, time, module_id);
