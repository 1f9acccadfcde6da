import { createClient } from '@clickhouse/client';
import { createChdbConnection } from 'chdb/connection';
import { rmSync } from 'node:fs';
rmSync('/tmp/chtest', { recursive: true, force: true });
const client = createClient({ connection: createChdbConnection({ path: '/tmp/chtest' }) });
const [,, nArg, mode, codec] = process.argv;
const N = Number(nArg);
const c = codec === 'lz4' ? ['', ''] : ['CODEC(DoubleDelta, ZSTD)', 'CODEC(Gorilla, ZSTD)'];
await client.command({ query: `CREATE TABLE readings (station_id UInt32, module_id UInt32, sensor_id UInt32, time DateTime64(3, 'UTC') ${c[0]}, value Float64 ${c[1]}, ingestion_id UInt64, version UInt64) ENGINE = ReplacingMergeTree(version) PARTITION BY toYYYYMM(time) ORDER BY (station_id, sensor_id, time, module_id)` });
const levels = [['10m',600],['1h',3600],['6h',21600],['1d',86400]];
let prev = null;
for (const [name, secs] of levels) {
  await client.command({ query: `CREATE TABLE readings_${name} (station_id UInt32, sensor_id UInt32, module_id UInt32, bucket DateTime('UTC'), value_min SimpleAggregateFunction(min, Float64), value_max SimpleAggregateFunction(max, Float64), value_sum SimpleAggregateFunction(sum, Float64), value_count SimpleAggregateFunction(sum, UInt64), value_last SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Float64))) ENGINE = AggregatingMergeTree PARTITION BY toYear(bucket) ORDER BY (station_id, sensor_id, bucket, module_id)`});
  if (mode === 'cascade' && prev) {
    await client.command({ query: `CREATE MATERIALIZED VIEW readings_${name}_mv TO readings_${name} AS SELECT station_id, sensor_id, module_id, toDateTime(intDiv(toUnixTimestamp(bucket), ${secs}) * ${secs}, 'UTC') AS bucket, min(value_min) AS value_min, max(value_max) AS value_max, sum(value_sum) AS value_sum, sum(value_count) AS value_count, max(value_last) AS value_last FROM readings_${prev} GROUP BY station_id, sensor_id, module_id, bucket`});
  } else {
    await client.command({ query: `CREATE MATERIALIZED VIEW readings_${name}_mv TO readings_${name} AS SELECT station_id, sensor_id, module_id, toDateTime(intDiv(toUnixTimestamp(time), ${secs}) * ${secs}, 'UTC') AS bucket, min(value) AS value_min, max(value) AS value_max, sum(value) AS value_sum, count() AS value_count, max((time, value)) AS value_last FROM readings GROUP BY station_id, sensor_id, module_id, bucket`});
  }
  prev = name;
}
let t = performance.now();
await client.command({ query: `INSERT INTO readings SELECT intDiv(number, 1000000) + 1, 1, number % 2 + 1, toDateTime64('2025-01-01 00:00:00',3,'UTC') + toIntervalSecond(intDiv(number % 1000000, 2)*60), number*0.5, 1, 1 FROM numbers(${N})` });
let dt = performance.now()-t; console.log('insert-select', mode, codec, N, (N/dt*1000).toFixed(0), 'rows/s', dt.toFixed(0),'ms');
const r = await client.query({ query: 'SELECT count() FROM readings_1d', format: 'JSONEachRow' }); console.log(await r.json());
await client.close();
