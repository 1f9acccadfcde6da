import type { DataRecord, DeviceLocation, Readings, SensorAndValue, SensorGroup, Status } from './fk-data.js';
import { Writer } from './wire.js';

/**
 * A hand-written encoder for the DataRecords stations write every few seconds (status, readings
 * with location and sensor groups): the same bytes as the descriptor-driven encodeWith (a property
 * test compares them), an order of magnitude faster, for the simulator and the benchmarks that
 * make years of readings. Records carrying metadata, modules or identity go through encodeWith.
 */
export class DataFileWriter {
  private buf: Uint8Array;
  private view: DataView;
  private len = 0;

  constructor(initialBytes = 1 << 16) {
    this.buf = new Uint8Array(initialBytes);
    this.view = new DataView(this.buf.buffer);
  }

  get byteLength(): number {
    return this.len;
  }

  /** Appends one record with its varint length prefix. */
  record(record: DataRecord, fallback: (record: DataRecord) => Uint8Array): void {
    if (record.metadata !== undefined || record.modules.length > 0 || record.identity !== undefined) {
      const bytes = fallback(record);
      this.reserve(10 + bytes.length);
      this.varint(bytes.length);
      this.buf.set(bytes, this.len);
      this.len += bytes.length;
      return;
    }
    const statusSize = record.status ? sizeOfStatus(record.status) : -1;
    const readingsSize = record.readings ? sizeOfReadings(record.readings) : -1;
    let size = 0;
    if (statusSize >= 0) size += 1 + varintSize(statusSize) + statusSize;
    if (readingsSize >= 0) size += 1 + varintSize(readingsSize) + readingsSize;
    this.reserve(10 + size);
    this.varint(size);
    if (record.status) {
      this.buf[this.len++] = (4 << 3) | 2;
      this.varint(statusSize);
      this.status(record.status);
    }
    if (record.readings) {
      this.buf[this.len++] = (5 << 3) | 2;
      this.varint(readingsSize);
      this.readings(record.readings);
    }
  }

  finish(): Uint8Array {
    return this.buf.slice(0, this.len);
  }

  private reserve(n: number): void {
    if (this.len + n <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.len + n));
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  private varint(value: number): void {
    if (value >= 0 && value <= Number.MAX_SAFE_INTEGER) {
      let v = Math.trunc(value);
      while (v >= 0x80) {
        this.buf[this.len++] = (v % 0x80) | 0x80;
        v = Math.floor(v / 0x80);
      }
      this.buf[this.len++] = v;
      return;
    }
    const w = new Writer();
    w.varint(value);
    const bytes = w.finish();
    this.buf.set(bytes, this.len);
    this.len += bytes.length;
  }

  private float(field: number, value: number): void {
    this.buf[this.len++] = (field << 3) | 5;
    this.view.setFloat32(this.len, value, true);
    this.len += 4;
  }

  private uint(field: number, value: number): void {
    this.buf[this.len++] = field << 3;
    this.varint(value);
  }

  private status(s: Status): void {
    if (set(s.time)) this.uint(1, s.time);
    if (set(s.uptime)) this.uint(2, s.uptime);
    if (set(s.battery)) this.float(3, s.battery);
  }

  private readings(r: Readings): void {
    if (set(r.time)) this.uint(1, r.time);
    if (set(r.reading)) this.uint(2, r.reading);
    if (set(r.flags)) this.uint(3, r.flags);
    if (r.location) {
      this.buf[this.len++] = (4 << 3) | 2;
      this.varint(sizeOfLocation(r.location));
      this.location(r.location);
    }
    for (const group of r.sensorGroups) {
      this.buf[this.len++] = (5 << 3) | 2;
      this.varint(sizeOfGroup(group));
      this.group(group);
    }
    if (set(r.meta)) this.uint(6, r.meta);
    if (set(r.uptime)) this.uint(7, r.uptime);
  }

  private location(l: DeviceLocation): void {
    if (set(l.fix)) this.uint(1, l.fix);
    if (set(l.time)) this.uint(2, l.time);
    if (set(l.longitude)) this.float(3, l.longitude);
    if (set(l.latitude)) this.float(4, l.latitude);
    if (set(l.altitude)) this.float(5, l.altitude);
  }

  private group(g: SensorGroup): void {
    if (set(g.module)) this.uint(1, g.module);
    for (const sv of g.readings) {
      this.buf[this.len++] = (2 << 3) | 2;
      this.varint(sizeOfSensorAndValue(sv));
      this.sensorAndValue(sv);
    }
    if (set(g.time)) this.uint(3, g.time);
  }

  private sensorAndValue(sv: SensorAndValue): void {
    if (set(sv.sensor)) this.uint(1, sv.sensor);
    if (sv.calibratedValue !== undefined && sv.calibratedValue !== null) this.float(2, sv.calibratedValue);
    if (sv.uncalibratedValue !== undefined && sv.uncalibratedValue !== null) this.float(3, sv.uncalibratedValue);
    if (sv.calibratedNull !== undefined && sv.calibratedNull !== null) this.uint(4, sv.calibratedNull ? 1 : 0);
    if (sv.uncalibratedNull !== undefined && sv.uncalibratedNull !== null) this.uint(5, sv.uncalibratedNull ? 1 : 0);
  }
}

const varintSize = (value: number): number => {
  if (!(value >= 0 && value <= Number.MAX_SAFE_INTEGER)) {
    const w = new Writer();
    w.varint(value);
    return w.finish().length;
  }
  let size = 1;
  let v = Math.trunc(value);
  while (v >= 0x80) {
    v = Math.floor(v / 0x80);
    size++;
  }
  return size;
};

/** Proto3 leaves a scalar out when it is the default (0); NaN is not 0, so it is written. */
const set = (value: number | undefined | null): value is number => value !== undefined && value !== null && value !== 0;
const uintSize = (value: number): number => (set(value) ? 1 + varintSize(value) : 0);
const floatSize = (value: number): number => (set(value) ? 5 : 0);

const sizeOfStatus = (s: Status): number => uintSize(s.time) + uintSize(s.uptime) + floatSize(s.battery);

const sizeOfLocation = (l: DeviceLocation): number =>
  uintSize(l.fix) + uintSize(l.time) + floatSize(l.longitude) + floatSize(l.latitude) + floatSize(l.altitude);

const present = (value: unknown): boolean => value !== undefined && value !== null;

const sizeOfSensorAndValue = (sv: SensorAndValue): number =>
  uintSize(sv.sensor) +
  (present(sv.calibratedValue) ? 5 : 0) +
  (present(sv.uncalibratedValue) ? 5 : 0) +
  (present(sv.calibratedNull) ? 2 : 0) +
  (present(sv.uncalibratedNull) ? 2 : 0);

const sizeOfGroup = (g: SensorGroup): number => {
  let size = uintSize(g.module) + uintSize(g.time);
  for (const sv of g.readings) {
    const s = sizeOfSensorAndValue(sv);
    size += 1 + varintSize(s) + s;
  }
  return size;
};

const sizeOfReadings = (r: Readings): number => {
  let size = uintSize(r.time) + uintSize(r.reading) + uintSize(r.flags) + uintSize(r.meta) + uintSize(r.uptime);
  if (r.location) {
    const s = sizeOfLocation(r.location);
    size += 1 + varintSize(s) + s;
  }
  for (const group of r.sensorGroups) {
    const s = sizeOfGroup(group);
    size += 1 + varintSize(s) + s;
  }
  return size;
};
