import { decodeDataRecord, IdentitySchema, MetadataSchema, ModuleInfoSchema, type DataRecord } from './fk-data.js';
import { decodeWith, forEachDelimited, ProtobufError } from './wire.js';

/**
 * What ingestion reads of one DataRecord: status battery, the readings' time, record and meta
 * numbers, GPS fix, and each sensor group's readings, in flat typed arrays. One view is reused for
 * every record of a file: copy what you keep.
 */
export class DataRecordView {
  hasStatus = false;
  battery = 0;
  hasReadings = false;
  /** Readings.time, Unix seconds. */
  time = 0;
  /** Readings.reading, the record number. */
  reading = 0;
  /** Readings.meta, the meta record in force. */
  meta = 0;
  hasLocation = false;
  fix = 0;
  longitude = 0;
  latitude = 0;
  groupCount = 0;
  groupModule = new Uint32Array(8);
  /** SensorGroup.time (0 when the group has none: the record's time applies). */
  groupTime = new Float64Array(8);
  /** Readings of group g are at [groupStart[g], groupStart[g + 1]). */
  groupStart = new Uint32Array(9);
  valueCount = 0;
  sensor = new Uint32Array(64);
  value = new Float64Array(64);
  /** 1 when a calibrated value was sent and not marked null, else 0 (no reading). */
  usable = new Uint8Array(64);

  reset(): void {
    this.hasStatus = false;
    this.battery = 0;
    this.hasReadings = false;
    this.time = 0;
    this.reading = 0;
    this.meta = 0;
    this.hasLocation = false;
    this.fix = 0;
    this.longitude = 0;
    this.latitude = 0;
    this.groupCount = 0;
    this.valueCount = 0;
    this.groupStart[0] = 0;
  }

  addGroup(module: number, time: number): number {
    const g = this.groupCount;
    if (g + 1 >= this.groupModule.length) {
      const size = this.groupModule.length * 2;
      this.groupModule = grow(this.groupModule, new Uint32Array(size));
      this.groupTime = grow(this.groupTime, new Float64Array(size));
      this.groupStart = grow(this.groupStart, new Uint32Array(size + 1));
    }
    this.groupModule[g] = module;
    this.groupTime[g] = time;
    this.groupStart[g] = this.valueCount;
    this.groupStart[g + 1] = this.valueCount;
    this.groupCount = g + 1;
    return g;
  }

  addValue(sensor: number, value: number, usable: boolean): void {
    const i = this.valueCount;
    if (i >= this.sensor.length) {
      const size = this.sensor.length * 2;
      this.sensor = grow(this.sensor, new Uint32Array(size));
      this.value = grow(this.value, new Float64Array(size));
      this.usable = grow(this.usable, new Uint8Array(size));
    }
    this.sensor[i] = sensor;
    this.value[i] = value;
    this.usable[i] = usable ? 1 : 0;
    this.valueCount = i + 1;
    this.groupStart[this.groupCount] = this.valueCount;
  }
}

const grow = <T extends Uint32Array | Float64Array | Uint8Array>(from: T, to: T): T => {
  to.set(from);
  return to;
};

/** Fills a view from a decoded DataRecord (the general decoder's answer). */
export function viewOfDataRecord(record: DataRecord, view: DataRecordView): DataRecordView {
  view.reset();
  if (record.status) {
    view.hasStatus = true;
    view.battery = record.status.battery;
  }
  const readings = record.readings;
  if (readings) {
    view.hasReadings = true;
    view.time = readings.time;
    view.reading = readings.reading;
    view.meta = readings.meta;
    if (readings.location) {
      view.hasLocation = true;
      view.fix = readings.location.fix;
      view.longitude = readings.location.longitude;
      view.latitude = readings.location.latitude;
    }
    for (const group of readings.sensorGroups) {
      view.addGroup(group.module, group.time);
      for (const sv of group.readings) {
        const usable = !sv.calibratedNull && sv.calibratedValue !== undefined;
        view.addValue(sv.sensor, sv.calibratedValue ?? 0, usable);
      }
    }
  }
  return view;
}

export type DataFileScan = {
  /** Frames read (records, readable or not). */
  readonly records: number;
  /** Why reading stopped before the end (a truncated or oversized frame), or null. */
  readonly streamError: string | null;
};

export type DataRecordVisitor = {
  /** A record read whole; the view is reused for the next record. */
  record(view: DataRecordView): void;
  /** A frame that is not a DataRecord (the same text decodeDataFile gives for it). */
  error(message: string): void;
};

/**
 * Reads a `data` file record by record, as decodeDataFile does, without building objects: the
 * ingestion's hot path (tens of millions of readings). Each frame is read by a hand-written loop
 * over the fields ingestion uses; a frame holding anything it does not expect (a repeated
 * singular message, a wrong wire type, truncation, anything odd) is read again by the general
 * decoder, whose answer (the record, or the error for that frame) then counts. So the answers are
 * those of decodeDataFile, which a property test checks on random and damaged files. Metadata,
 * modules and identity are checked by the general decoder too (ingestion does not use them).
 */
export function scanDataFile(bytes: Uint8Array, visitor: DataRecordVisitor): DataFileScan {
  const view = new DataRecordView();
  const fast = new FastReader();
  let records = 0;
  const error = forEachDelimited(bytes, (offset, end) => {
    records++;
    let ok = false;
    try {
      ok = fast.record(bytes, offset, end, view);
    } catch (e) {
      if (!(e instanceof ProtobufError)) throw e;
      ok = false;
    }
    if (ok) {
      visitor.record(view);
      return;
    }
    try {
      visitor.record(viewOfDataRecord(decodeDataRecord(bytes.subarray(offset, end)), view));
    } catch (e) {
      if (!(e instanceof ProtobufError)) throw e;
      visitor.error(`${e.name}: ${e.message} in the message at byte ${offset}`);
    }
  });
  return { records, streamError: error === null ? null : error.message };
}

const TWO_32 = 4294967296;
const f32 = new Float32Array(1);
const f32Bytes = new Uint8Array(f32.buffer);

/** Not a DataRecord this reader takes on: the general decoder reads the frame instead. */
class Unusual extends Error {}
const unusual = new Unusual();

/**
 * The hand-written reader: returns false (or throws) on anything unusual, never guesses. Offsets
 * and messages do not matter here: the general decoder gives them.
 */
class FastReader {
  private buf: Uint8Array = new Uint8Array(0);
  private pos = 0;

  /** Reads the record in buf[start, end). */
  record(buf: Uint8Array, start: number, end: number, view: DataRecordView): boolean {
    this.buf = buf;
    this.pos = start;
    view.reset();
    try {
      this.dataRecord(end, view);
      return true;
    } catch (e) {
      if (e instanceof Unusual) return false;
      throw e;
    }
  }

  private varint(end: number): number {
    const buf = this.buf;
    let pos = this.pos;
    if (pos >= end) throw unusual;
    let b = buf[pos++]!;
    if (b < 0x80) {
      this.pos = pos;
      return b;
    }
    // Up to 7 bytes (49 bits) as a plain number; longer ones (negative int64s, huge values) are unusual.
    let value = b & 0x7f;
    let scale = 128;
    for (let i = 1; i < 7; i++) {
      if (pos >= end) throw unusual;
      b = buf[pos++]!;
      value += (b & 0x7f) * scale;
      if (b < 0x80) {
        this.pos = pos;
        return value;
      }
      scale *= 128;
    }
    throw unusual;
  }

  /** A field tag; field numbers past 2^28 (never real) are left to the general decoder. */
  private tag(end: number): number {
    const tag = this.varint(end);
    if (tag > 0x7fffffff) throw unusual;
    return tag;
  }

  private float(end: number): number {
    const pos = this.pos;
    if (pos + 4 > end) throw unusual;
    const buf = this.buf;
    f32Bytes[0] = buf[pos]!;
    f32Bytes[1] = buf[pos + 1]!;
    f32Bytes[2] = buf[pos + 2]!;
    f32Bytes[3] = buf[pos + 3]!;
    this.pos = pos + 4;
    return f32[0]!;
  }

  /** The end of a length-delimited field starting here. */
  private sub(end: number): number {
    const length = this.varint(end);
    const subEnd = this.pos + length;
    if (subEnd > end) throw unusual;
    return subEnd;
  }

  private skip(wireType: number, end: number): void {
    switch (wireType) {
      case 0:
        this.varint(end);
        return;
      case 1:
        if (this.pos + 8 > end) throw unusual;
        this.pos += 8;
        return;
      case 2:
        this.pos = this.sub(end);
        return;
      case 5:
        if (this.pos + 4 > end) throw unusual;
        this.pos += 4;
        return;
      default:
        throw unusual;
    }
  }

  /** Runs the general decoder over a sub-message ingestion does not use, only to refuse what it refuses. */
  private check(schema: typeof MetadataSchema, end: number): void {
    const subEnd = this.sub(end);
    decodeWith(schema, this.buf.subarray(this.pos, subEnd));
    this.pos = subEnd;
  }

  private dataRecord(end: number, view: DataRecordView): void {
    let sawStatus = false;
    let sawReadings = false;
    while (this.pos < end) {
      const tag = this.tag(end);
      const field = tag >>> 3;
      const wire = tag & 7;
      if (field === 0) throw unusual;
      switch (field) {
        case 4:
          if (wire !== 2 || sawStatus) throw unusual;
          sawStatus = true;
          this.status(this.sub(end), view);
          break;
        case 5:
          if (wire !== 2 || sawReadings) throw unusual;
          sawReadings = true;
          this.readings(this.sub(end), view);
          break;
        case 2:
          if (wire !== 2) throw unusual;
          this.check(MetadataSchema, end);
          break;
        case 6:
          if (wire !== 2) throw unusual;
          this.check(ModuleInfoSchema, end);
          break;
        case 9:
          if (wire !== 2) throw unusual;
          this.check(IdentitySchema, end);
          break;
        default:
          this.skip(wire, end);
      }
    }
    if (this.pos !== end) throw unusual;
  }

  private status(end: number, view: DataRecordView): void {
    view.hasStatus = true;
    view.battery = 0;
    while (this.pos < end) {
      const tag = this.tag(end);
      const field = tag >>> 3;
      const wire = tag & 7;
      if (field === 0) throw unusual;
      if (field === 3) {
        if (wire !== 5) throw unusual;
        view.battery = this.float(end);
      } else if (field === 1 || field === 2) {
        if (wire !== 0) throw unusual;
        this.varint(end);
      } else this.skip(wire, end);
    }
    if (this.pos !== end) throw unusual;
  }

  private readings(end: number, view: DataRecordView): void {
    view.hasReadings = true;
    let sawLocation = false;
    while (this.pos < end) {
      const tag = this.tag(end);
      const field = tag >>> 3;
      const wire = tag & 7;
      if (field === 0) throw unusual;
      switch (field) {
        case 1:
          if (wire !== 0) throw unusual;
          view.time = this.varint(end);
          break;
        case 2:
          if (wire !== 0) throw unusual;
          view.reading = this.varint(end);
          break;
        case 3:
        case 7:
          if (wire !== 0) throw unusual;
          this.varint(end);
          break;
        case 4:
          if (wire !== 2 || sawLocation) throw unusual;
          sawLocation = true;
          this.location(this.sub(end), view);
          break;
        case 5:
          if (wire !== 2) throw unusual;
          this.group(this.sub(end), view);
          break;
        case 6:
          if (wire !== 0) throw unusual;
          view.meta = this.varint(end);
          break;
        default:
          this.skip(wire, end);
      }
    }
    if (this.pos !== end) throw unusual;
  }

  private location(end: number, view: DataRecordView): void {
    view.hasLocation = true;
    view.fix = 0;
    view.longitude = 0;
    view.latitude = 0;
    while (this.pos < end) {
      const tag = this.tag(end);
      const field = tag >>> 3;
      const wire = tag & 7;
      if (field === 0) throw unusual;
      switch (field) {
        case 1: {
          if (wire !== 0) throw unusual;
          view.fix = this.varint(end) % TWO_32;
          break;
        }
        case 2:
          if (wire !== 0) throw unusual;
          this.varint(end);
          break;
        case 3:
          if (wire !== 5) throw unusual;
          view.longitude = this.float(end);
          break;
        case 4:
          if (wire !== 5) throw unusual;
          view.latitude = this.float(end);
          break;
        case 5:
          if (wire !== 5) throw unusual;
          this.float(end);
          break;
        default:
          this.skip(wire, end);
      }
    }
    if (this.pos !== end) throw unusual;
  }

  private group(end: number, view: DataRecordView): void {
    // Fields may come in any order: module and time are set on the group once it is read.
    const g = view.addGroup(0, 0);
    let module = 0;
    let time = 0;
    while (this.pos < end) {
      const tag = this.tag(end);
      const field = tag >>> 3;
      const wire = tag & 7;
      if (field === 0) throw unusual;
      switch (field) {
        case 1:
          if (wire !== 0) throw unusual;
          module = this.varint(end) % TWO_32;
          break;
        case 2:
          if (wire !== 2) throw unusual;
          this.sensorAndValue(this.sub(end), view);
          break;
        case 3:
          if (wire !== 0) throw unusual;
          time = this.varint(end);
          break;
        default:
          this.skip(wire, end);
      }
    }
    if (this.pos !== end) throw unusual;
    view.groupModule[g] = module;
    view.groupTime[g] = time;
  }

  private sensorAndValue(end: number, view: DataRecordView): void {
    let sensor = 0;
    let value = 0;
    let hasValue = false;
    let isNull = false;
    while (this.pos < end) {
      const tag = this.tag(end);
      const field = tag >>> 3;
      const wire = tag & 7;
      if (field === 0) throw unusual;
      switch (field) {
        case 1:
          if (wire !== 0) throw unusual;
          sensor = this.varint(end) % TWO_32;
          break;
        case 2:
          if (wire !== 5) throw unusual;
          value = this.float(end);
          hasValue = true;
          break;
        case 3:
          if (wire !== 5) throw unusual;
          this.float(end);
          break;
        case 4:
          if (wire !== 0) throw unusual;
          isNull = this.varint(end) !== 0;
          break;
        case 5:
          if (wire !== 0) throw unusual;
          this.varint(end);
          break;
        default:
          this.skip(wire, end);
      }
    }
    if (this.pos !== end) throw unusual;
    view.addValue(sensor, value, hasValue && !isNull);
  }
}
