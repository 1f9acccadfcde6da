import { aggregateDayOf } from '@groundtruth/domain';

/** One reading of a station, as a batch holds it. */
export type BatchReading = {
  readonly moduleId: number;
  readonly sensorId: number;
  readonly timeMs: number;
  readonly value: number;
};

/** Bytes per reading: module_id UInt32, sensor_id UInt32, time Int64 (ms), value Float64, little-endian. */
export const READING_ROW_BYTES = 24;

/** The ClickHouse structure of a batch's bytes (RowBinary). */
export const READING_ROW_STRUCTURE = 'module_id UInt32, sensor_id UInt32, time_ms Int64, value Float64';

const TWO_32 = 4294967296;

/**
 * Readings of one station on their way to ClickHouse, kept as RowBinary rows from the start, so
 * tens of millions of readings cost no object each and go to ClickHouse as they are. The station,
 * ingestion and version are the same for every row of a write and are not repeated.
 */
export class ReadingBatch {
  private buf: ArrayBuffer;
  private view: DataView;
  private count = 0;
  /** Earliest and latest reading (ms); null when empty. */
  start: number | null = null;
  end: number | null = null;

  constructor(expectedReadings = 1024) {
    this.buf = new ArrayBuffer(Math.max(1, expectedReadings) * READING_ROW_BYTES);
    this.view = new DataView(this.buf);
  }

  static of(readings: Iterable<BatchReading>): ReadingBatch {
    const batch = new ReadingBatch();
    for (const r of readings) batch.push(r.moduleId, r.sensorId, r.timeMs, r.value);
    return batch;
  }

  /** From rows of the other readers (CSV, LoRaWAN): time as ISO 8601. */
  static fromRows(rows: readonly { module_id: number; sensor_id: number; time: string; value: number }[]): ReadingBatch {
    const batch = new ReadingBatch(rows.length);
    for (const r of rows) batch.push(r.module_id, r.sensor_id, Date.parse(r.time), r.value);
    return batch;
  }

  /** A batch over rows another thread filled (RowBinary, READING_ROW_BYTES each): the buffer is taken, not copied. */
  static fromRowBytes(rows: ArrayBuffer, count: number, start: number | null, end: number | null): ReadingBatch {
    const batch = new ReadingBatch(0);
    batch.buf = rows.byteLength > 0 ? rows : new ArrayBuffer(READING_ROW_BYTES);
    batch.view = new DataView(batch.buf);
    batch.count = count;
    batch.start = start;
    batch.end = end;
    return batch;
  }

  get length(): number {
    return this.count;
  }

  /** `timeMs` must be a whole number of milliseconds in (-2^53, 2^53): Int64 two's complement, so before 1970 too. */
  push(moduleId: number, sensorId: number, timeMs: number, value: number): void {
    const at = this.count * READING_ROW_BYTES;
    if (at + READING_ROW_BYTES > this.buf.byteLength) this.grow();
    const view = this.view;
    view.setUint32(at, moduleId, true);
    view.setUint32(at + 4, sensorId, true);
    const hi = Math.floor(timeMs / TWO_32);
    view.setUint32(at + 8, timeMs - hi * TWO_32, true);
    view.setUint32(at + 12, hi, true);
    view.setFloat64(at + 16, value, true);
    this.count++;
    if (this.start === null || timeMs < this.start) this.start = timeMs;
    if (this.end === null || timeMs > this.end) this.end = timeMs;
  }

  /**
   * The batch with one row per reading key (module, sensor, time): the last of its repeats, as a
   * station re-sending a record means it (`readings` keeps one row per key, but which one among
   * equal versions is the merge's choice, and the count of readings written is of distinct ones). Answers this batch
   * itself when no key can repeat, which one pass shows when each series' times only rise (how
   * stations record); otherwise the rows are sorted by key and the last of each key kept.
   */
  withoutRepeats(): ReadingBatch {
    if (!this.mayRepeat()) return this;
    const order = new Uint32Array(this.count);
    for (let i = 0; i < this.count; i++) order[i] = i;
    const module = (i: number) => this.view.getUint32(i * READING_ROW_BYTES, true);
    const sensor = (i: number) => this.view.getUint32(i * READING_ROW_BYTES + 4, true);
    const time = (i: number) => this.timeAt(i);
    order.sort((a, b) => module(a) - module(b) || sensor(a) - sensor(b) || time(a) - time(b) || a - b);
    const kept = new ReadingBatch(this.count);
    const rows = new Uint8Array(this.buf);
    for (let k = 0; k < order.length; k++) {
      const i = order[k]!;
      const next = order[k + 1];
      // Sorted by key, then by position: the last row of a run of equal keys is the one kept.
      if (next !== undefined && module(next) === module(i) && sensor(next) === sensor(i) && time(next) === time(i)) continue;
      kept.pushRow(rows.subarray(i * READING_ROW_BYTES, (i + 1) * READING_ROW_BYTES), time(i));
    }
    return kept;
  }

  /** False when every series (module, sensor) has strictly rising times in push order: no key repeats. */
  private mayRepeat(): boolean {
    const last = new Map<number, Map<number, number>>();
    for (let i = 0; i < this.count; i++) {
      const at = i * READING_ROW_BYTES;
      const moduleId = this.view.getUint32(at, true);
      let series = last.get(moduleId);
      if (series === undefined) last.set(moduleId, (series = new Map()));
      const sensorId = this.view.getUint32(at + 4, true);
      const t = this.timeAt(i);
      const before = series.get(sensorId);
      if (before !== undefined && t <= before) return true;
      series.set(sensorId, t);
    }
    return false;
  }

  private timeAt(i: number): number {
    const at = i * READING_ROW_BYTES;
    return this.view.getInt32(at + 12, true) * TWO_32 + this.view.getUint32(at + 8, true);
  }

  private pushRow(row: Uint8Array, timeMs: number): void {
    const at = this.count * READING_ROW_BYTES;
    if (at + READING_ROW_BYTES > this.buf.byteLength) this.grow();
    new Uint8Array(this.buf).set(row, at);
    this.count++;
    if (this.start === null || timeMs < this.start) this.start = timeMs;
    if (this.end === null || timeMs > this.end) this.end = timeMs;
  }

  /** The days (aggregateDayOf) holding the batch's readings, whose aggregates a write builds. */
  days(): number[] {
    const days = new Set<number>();
    let previous = Number.NaN;
    for (let i = 0; i < this.count; i++) {
      const day = aggregateDayOf(this.timeAt(i));
      // Stations record in time order: a day is mostly the one before.
      if (day !== previous) days.add((previous = day));
    }
    return [...days].sort((a, b) => a - b);
  }

  /** The rows as RowBinary (a view, not a copy). */
  bytes(): Uint8Array {
    return new Uint8Array(this.buf, 0, this.count * READING_ROW_BYTES);
  }

  /** The readings back as objects (for tests and small callers). */
  *readings(): Generator<BatchReading> {
    for (let i = 0; i < this.count; i++) {
      const at = i * READING_ROW_BYTES;
      yield {
        moduleId: this.view.getUint32(at, true),
        sensorId: this.view.getUint32(at + 4, true),
        timeMs: this.timeAt(i),
        value: this.view.getFloat64(at + 16, true),
      };
    }
  }

  private grow(): void {
    const next = new ArrayBuffer(this.buf.byteLength * 2);
    new Uint8Array(next).set(new Uint8Array(this.buf));
    this.buf = next;
    this.view = new DataView(next);
  }
}
