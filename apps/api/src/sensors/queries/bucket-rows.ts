/** One chart bucket of one station module's sensor, read from ClickHouse. */
export type SensorBucket = {
  readonly stationId: number;
  readonly moduleId: number;
  readonly sensorId: number;
  /** Start of the bucket (ms). */
  readonly time: number;
  readonly min: number;
  readonly max: number;
  readonly sum: number;
  readonly count: number;
  /** The value of the latest reading in the bucket. */
  readonly last: number;
  /** When that reading was taken (ms). */
  readonly lastTime: number;
};

/**
 * Bucket rows come back from the engine as RowBinary, read with a DataView: a chart answer is a few
 * thousand rows and JSON output and parsing cost more than the query (measured: about twice the
 * CPU per call). Every bucket query selects these columns, cast to these types, in this order
 * (`BUCKET_COLUMNS` in sensor-buckets.ts): station, module and sensor (UInt32), bucket start (Int64
 * ms), min, max, sum (Float64), count (UInt64), last value (Float64), its time (Int64 ms); then,
 * when asked, one more Int64 read from the first row only.
 */
export const BUCKET_ROW_BYTES = 4 * 3 + 8 * 7;
const TWO_32 = 4294967296;

type Open = { -readonly [K in keyof SensorBucket]: SensorBucket[K] };

const rowsView = (bytes: Buffer, extra: boolean) => {
  const rowBytes = BUCKET_ROW_BYTES + (extra ? 8 : 0);
  if (bytes.length % rowBytes !== 0) throw new Error(`RowBinary answer of ${bytes.length} bytes is not whole rows`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const int64 = (at: number) => view.getInt32(at + 4, true) * TWO_32 + view.getUint32(at, true);
  return { rowBytes, view, int64, extra: extra && bytes.length > 0 ? int64(BUCKET_ROW_BYTES) : null };
};

/** The rows, and the trailing Int64 column of the first row when `extra` (see readChartBuckets). */
export const decodeBuckets = (bytes: Buffer, extra: boolean): { buckets: SensorBucket[]; extra: number | null } => {
  const { rowBytes, view, int64, extra: trailing } = rowsView(bytes, extra);
  const out: SensorBucket[] = new Array<SensorBucket>(bytes.length / rowBytes);
  for (let i = 0, at = 0; at < bytes.length; i++, at += rowBytes) {
    out[i] = {
      stationId: view.getUint32(at, true),
      moduleId: view.getUint32(at + 4, true),
      sensorId: view.getUint32(at + 8, true),
      time: int64(at + 12),
      min: view.getFloat64(at + 20, true),
      max: view.getFloat64(at + 28, true),
      sum: view.getFloat64(at + 36, true),
      count: int64(at + 44),
      last: view.getFloat64(at + 52, true),
      lastTime: int64(at + 60),
    };
  }
  return { buckets: out, extra: trailing };
};

/**
 * Level rows regrouped into chart buckets of `bucketMs` as they are read, as the engine's GROUP BY
 * would: per station, module, sensor and chart bucket, the least min, the greatest max, the sums of
 * sums and counts, and the latest reading (greatest time, then greatest value, as ClickHouse's max
 * over a (time, value) tuple). Rows of one key more than once (level parts not merged yet) fold
 * into one. An object is made per chart bucket, none per level row.
 *
 * The rows must come ordered by station, sensor, level bucket and module (the levels' sorting key,
 * so the engine reads them in order without sorting); the answer is ordered by station, sensor,
 * module and bucket, as the chart queries order theirs. A bucket starts at a multiple of `bucketMs`
 * since the epoch (before 1970 too).
 */
export const regroupBucketRows = (
  bytes: Buffer,
  extra: boolean,
  bucketMs: number,
): { buckets: SensorBucket[]; rows: number; extra: number | null } => {
  const { rowBytes, view, int64, extra: trailing } = rowsView(bytes, extra);
  const out: SensorBucket[] = [];
  /** The current station and sensor's buckets, per module, each list in time order. */
  const byModule = new Map<number, Open[]>();
  let station = Number.NaN;
  let sensor = Number.NaN;
  const flush = () => {
    for (const module of [...byModule.keys()].sort((a, b) => a - b)) for (const bucket of byModule.get(module)!) out.push(bucket);
    byModule.clear();
  };
  for (let at = 0; at < bytes.length; at += rowBytes) {
    const stationId = view.getUint32(at, true);
    const moduleId = view.getUint32(at + 4, true);
    const sensorId = view.getUint32(at + 8, true);
    if (stationId !== station || sensorId !== sensor) {
      flush();
      station = stationId;
      sensor = sensorId;
    }
    const time = Math.floor(int64(at + 12) / bucketMs) * bucketMs;
    let list = byModule.get(moduleId);
    if (!list) byModule.set(moduleId, (list = []));
    const open = list[list.length - 1];
    const min = view.getFloat64(at + 20, true);
    const max = view.getFloat64(at + 28, true);
    const sum = view.getFloat64(at + 36, true);
    const count = int64(at + 44);
    const last = view.getFloat64(at + 52, true);
    const lastTime = int64(at + 60);
    if (open?.time !== time) {
      list.push({ stationId, moduleId, sensorId, time, min, max, sum, count, last, lastTime });
      continue;
    }
    if (min < open.min) open.min = min;
    if (max > open.max) open.max = max;
    open.sum += sum;
    open.count += count;
    if (lastTime > open.lastTime || (lastTime === open.lastTime && last > open.last)) {
      open.last = last;
      open.lastTime = lastTime;
    }
  }
  flush();
  return { buckets: out, rows: bytes.length / rowBytes, extra: trailing };
};
