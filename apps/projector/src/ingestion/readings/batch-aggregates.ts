import { AGGREGATE_LEVELS, type AggregateLevelName } from '@groundtruth/domain';
import { READING_ROW_BYTES, type ReadingBatch } from '@groundtruth/platform';

/**
 * Bytes per aggregate row (RowBinary, little-endian): sensor_id UInt32, module_id UInt32, bucket
 * Int64 (ms), min, max and sum Float64, count UInt64, the latest reading's time Int64 (ms) and value
 * Float64. The station is the same for every row of a write and is added in the engine.
 */
export const LEVEL_ROW_BYTES = 64;

/** The ClickHouse structure of a level's rows (RowBinary). */
export const LEVEL_ROW_STRUCTURE =
  'sensor_id UInt32, module_id UInt32, bucket_ms Int64, vmin Float64, vmax Float64, vsum Float64, n UInt64, last_ms Int64, vlast Float64';

/** One aggregate level's rows of a batch, as RowBinary (LEVEL_ROW_STRUCTURE). */
export type LevelRows = { readonly level: AggregateLevelName; readonly rows: ArrayBuffer; readonly count: number };

const TWO_32 = 4294967296;

/** Buckets being summed: one slot per series (module, sensor) and bucket, columns of numbers. */
class Slots {
  count = 0;
  module = new Float64Array(1024);
  sensor = new Float64Array(1024);
  bucket = new Float64Array(1024);
  min = new Float64Array(1024);
  max = new Float64Array(1024);
  sum = new Float64Array(1024);
  n = new Float64Array(1024);
  lastTime = new Float64Array(1024);
  last = new Float64Array(1024);
  /** module → sensor → bucket → slot. */
  private readonly index = new Map<number, Map<number, Map<number, number>>>();

  /** The slot of (module, sensor, bucket), made empty when new. */
  slot(moduleId: number, sensorId: number, bucket: number): number {
    let bySensor = this.index.get(moduleId);
    if (bySensor === undefined) this.index.set(moduleId, (bySensor = new Map()));
    let byBucket = bySensor.get(sensorId);
    if (byBucket === undefined) bySensor.set(sensorId, (byBucket = new Map()));
    const known = byBucket.get(bucket);
    if (known !== undefined) return known;
    if (this.count === this.module.length) this.grow();
    const at = this.count++;
    this.module[at] = moduleId;
    this.sensor[at] = sensorId;
    this.bucket[at] = bucket;
    this.min[at] = Number.POSITIVE_INFINITY;
    this.max[at] = Number.NEGATIVE_INFINITY;
    this.sum[at] = 0;
    this.n[at] = 0;
    this.lastTime[at] = Number.NEGATIVE_INFINITY;
    this.last[at] = Number.NEGATIVE_INFINITY;
    byBucket.set(bucket, at);
    return at;
  }

  /** Adds a summary (a reading is one of count 1) to a slot, as ClickHouse's min, max, sum and max((time, value)) do. */
  add(at: number, min: number, max: number, sum: number, n: number, lastTime: number, last: number): void {
    if (min < this.min[at]!) this.min[at] = min;
    if (max > this.max[at]!) this.max[at] = max;
    this.sum[at] = this.sum[at]! + sum;
    this.n[at] = this.n[at]! + n;
    if (lastTime > this.lastTime[at]! || (lastTime === this.lastTime[at] && last > this.last[at]!)) {
      this.lastTime[at] = lastTime;
      this.last[at] = last;
    }
  }

  rows(level: AggregateLevelName): LevelRows {
    const rows = new ArrayBuffer(this.count * LEVEL_ROW_BYTES);
    const view = new DataView(rows);
    const int64 = (at: number, v: number) => {
      const hi = Math.floor(v / TWO_32);
      view.setUint32(at, v - hi * TWO_32, true);
      view.setUint32(at + 4, hi, true);
    };
    for (let i = 0, at = 0; i < this.count; i++, at += LEVEL_ROW_BYTES) {
      view.setUint32(at, this.sensor[i]!, true);
      view.setUint32(at + 4, this.module[i]!, true);
      int64(at + 8, this.bucket[i]!);
      view.setFloat64(at + 16, this.min[i]!, true);
      view.setFloat64(at + 24, this.max[i]!, true);
      view.setFloat64(at + 32, this.sum[i]!, true);
      int64(at + 40, this.n[i]!);
      int64(at + 48, this.lastTime[i]!);
      view.setFloat64(at + 56, this.last[i]!, true);
    }
    return { level, rows, count: this.count };
  }

  private grow(): void {
    for (const column of ['module', 'sensor', 'bucket', 'min', 'max', 'sum', 'n', 'lastTime', 'last'] as const) {
      const next = new Float64Array(this[column].length * 2);
      next.set(this[column]);
      this[column] = next;
    }
  }
}

/** The start (ms) of the bucket of `size` ms holding a time: floored, before 1970 too (as the engine's builds). */
const bucketOf = (timeMs: number, size: number): number => timeMs - (((timeMs % size) + size) % size);

/**
 * Every aggregate level of a batch's readings, each bucket as the engine's build makes it from those
 * readings alone (`levelBuildSql`, `levelDeltaSql`): the finest level from the readings, each coarser
 * one from the level below. The batch must be without repeats (a repeated reading would count twice).
 * Used when the batch's readings are all the station holds in their buckets, or are all added to
 * what the levels hold (ExactReadingsWrite): the engine is then spared reading them back.
 * Null when a value is not finite (the engine's min and max treat those otherwise; the readers drop
 * them anyway).
 */
export function batchAggregates(batch: ReadingBatch): LevelRows[] | null {
  const bytes = batch.bytes();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const finestMs = AGGREGATE_LEVELS[0].seconds * 1000;
  let below = new Slots();
  // Stations record series side by side in time order: each series' last slot is usually the next one's.
  const recent = new Map<number, Map<number, { bucket: number; slot: number }>>();
  for (let at = 0; at < bytes.byteLength; at += READING_ROW_BYTES) {
    const moduleId = view.getUint32(at, true);
    const sensorId = view.getUint32(at + 4, true);
    const time = view.getInt32(at + 12, true) * TWO_32 + view.getUint32(at + 8, true);
    const value = view.getFloat64(at + 16, true);
    if (!Number.isFinite(value)) return null;
    const bucket = bucketOf(time, finestMs);
    let bySensor = recent.get(moduleId);
    if (bySensor === undefined) recent.set(moduleId, (bySensor = new Map()));
    let last = bySensor.get(sensorId);
    if (last === undefined || last.bucket !== bucket) {
      last = { bucket, slot: below.slot(moduleId, sensorId, bucket) };
      bySensor.set(sensorId, last);
    }
    below.add(last.slot, value, value, value, 1, time, value);
  }
  const levels = [below.rows(AGGREGATE_LEVELS[0].name)];
  for (const level of AGGREGATE_LEVELS.slice(1)) {
    const size = level.seconds * 1000;
    const slots = new Slots();
    for (let i = 0; i < below.count; i++) {
      const at = slots.slot(below.module[i]!, below.sensor[i]!, bucketOf(below.bucket[i]!, size));
      slots.add(at, below.min[i]!, below.max[i]!, below.sum[i]!, below.n[i]!, below.lastTime[i]!, below.last[i]!);
    }
    levels.push(slots.rows(level.name));
    below = slots;
  }
  return levels;
}
