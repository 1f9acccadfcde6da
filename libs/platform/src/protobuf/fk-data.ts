import { DataFileWriter } from './data-write.js';
import { decodeWith, encodeWith, encodeDelimited, splitDelimited, ProtobufError, type MessageSchema } from './wire.js';

/**
 * The station file messages (proto3 package `fk_data`), from the field numbers in
 * shared/reference/fieldkit-compat.md. Only the fields the product reads are described; others
 * are skipped on decode. 64-bit integers are JS numbers (exact up to 2^53: seconds and record
 * numbers fit). Status.battery is field 3 (the reference names no number; 1 is time, 2 uptime).
 */

export type ModuleHeader = { manufacturer: number; kind: number; version: number };
export type SensorInfo = { number: number; name: string; unitOfMeasure: string; flags: number };
export type ModuleInfo = {
  position: number;
  address: number;
  name: string;
  header?: ModuleHeader | undefined;
  sensors: SensorInfo[];
  /** Hardware id. */
  id: Uint8Array;
  /** Bit 0: internal module. */
  flags: number;
};
export type Firmware = { version: string; build: string; number: string };
export type Metadata = {
  deviceId: Uint8Array;
  time: number;
  firmware?: Firmware | undefined;
  generation: Uint8Array;
  record: number;
};
export type Status = { time: number; uptime: number; battery: number };
export type Identity = { name: string };
export type DeviceLocation = { fix: number; time: number; longitude: number; latitude: number; altitude: number };
export type SensorAndValue = {
  /** Index into the module's sensor list. */
  sensor: number;
  calibratedValue?: number | undefined;
  uncalibratedValue?: number | undefined;
  calibratedNull?: boolean | undefined;
  uncalibratedNull?: boolean | undefined;
};
export type SensorGroup = { module: number; readings: SensorAndValue[]; time: number };
export type Readings = {
  /** Unix seconds. */
  time: number;
  /** Record number. */
  reading: number;
  flags: number;
  location?: DeviceLocation | undefined;
  sensorGroups: SensorGroup[];
  /** Number of the meta record in force. */
  meta: number;
  uptime: number;
};
export type DataRecord = {
  metadata?: Metadata | undefined;
  status?: Status | undefined;
  readings?: Readings | undefined;
  modules: ModuleInfo[];
  identity?: Identity | undefined;
};

export const SignedRecordKind = { NONE: 0, MODULES: 1, SCHEDULE: 2, STATE: 3, RAW_STATE: 4, EVENTS: 5 } as const;
export type SignedRecord = { kind: number; time: number; data: Uint8Array; hash: Uint8Array; record: number };

const ModuleHeaderSchema: MessageSchema = {
  name: 'ModuleHeader',
  fields: [
    { name: 'manufacturer', number: 1, type: 'uint32' },
    { name: 'kind', number: 2, type: 'uint32' },
    { name: 'version', number: 3, type: 'uint32' },
  ],
};
const SensorInfoSchema: MessageSchema = {
  name: 'SensorInfo',
  fields: [
    { name: 'number', number: 1, type: 'uint32' },
    { name: 'name', number: 2, type: 'string' },
    { name: 'unitOfMeasure', number: 3, type: 'string' },
    { name: 'flags', number: 4, type: 'uint32' },
  ],
};
/** @internal (data-scan.ts checks these sub-messages with the general decoder) */
export const ModuleInfoSchema: MessageSchema = {
  name: 'ModuleInfo',
  fields: [
    { name: 'position', number: 1, type: 'uint32' },
    { name: 'address', number: 2, type: 'uint32' },
    { name: 'name', number: 3, type: 'string' },
    { name: 'header', number: 4, type: ModuleHeaderSchema },
    { name: 'sensors', number: 6, type: SensorInfoSchema, repeated: true },
    { name: 'id', number: 7, type: 'bytes' },
    { name: 'flags', number: 8, type: 'uint32' },
  ],
};
const FirmwareSchema: MessageSchema = {
  name: 'Firmware',
  fields: [
    { name: 'version', number: 1, type: 'string' },
    { name: 'build', number: 2, type: 'string' },
    { name: 'number', number: 3, type: 'string' },
  ],
};
/** @internal (data-scan.ts checks these sub-messages with the general decoder) */
export const MetadataSchema: MessageSchema = {
  name: 'Metadata',
  fields: [
    { name: 'deviceId', number: 1, type: 'bytes' },
    { name: 'time', number: 2, type: 'int64' },
    { name: 'firmware', number: 8, type: FirmwareSchema },
    { name: 'generation', number: 9, type: 'bytes' },
    { name: 'record', number: 10, type: 'uint64' },
  ],
};
const StatusSchema: MessageSchema = {
  name: 'Status',
  fields: [
    { name: 'time', number: 1, type: 'int64' },
    { name: 'uptime', number: 2, type: 'uint32' },
    { name: 'battery', number: 3, type: 'float' },
  ],
};
/** @internal (data-scan.ts checks these sub-messages with the general decoder) */
export const IdentitySchema: MessageSchema = { name: 'Identity', fields: [{ name: 'name', number: 1, type: 'string' }] };
const DeviceLocationSchema: MessageSchema = {
  name: 'DeviceLocation',
  fields: [
    { name: 'fix', number: 1, type: 'uint32' },
    { name: 'time', number: 2, type: 'int64' },
    { name: 'longitude', number: 3, type: 'float' },
    { name: 'latitude', number: 4, type: 'float' },
    { name: 'altitude', number: 5, type: 'float' },
  ],
};
const SensorAndValueSchema: MessageSchema = {
  name: 'SensorAndValue',
  fields: [
    { name: 'sensor', number: 1, type: 'uint32' },
    { name: 'calibratedValue', number: 2, type: 'float', optional: true },
    { name: 'uncalibratedValue', number: 3, type: 'float', optional: true },
    { name: 'calibratedNull', number: 4, type: 'bool', optional: true },
    { name: 'uncalibratedNull', number: 5, type: 'bool', optional: true },
  ],
};
const SensorGroupSchema: MessageSchema = {
  name: 'SensorGroup',
  fields: [
    { name: 'module', number: 1, type: 'uint32' },
    { name: 'readings', number: 2, type: SensorAndValueSchema, repeated: true },
    { name: 'time', number: 3, type: 'int64' },
  ],
};
const ReadingsSchema: MessageSchema = {
  name: 'Readings',
  fields: [
    { name: 'time', number: 1, type: 'int64' },
    { name: 'reading', number: 2, type: 'uint64' },
    { name: 'flags', number: 3, type: 'uint32' },
    { name: 'location', number: 4, type: DeviceLocationSchema },
    { name: 'sensorGroups', number: 5, type: SensorGroupSchema, repeated: true },
    { name: 'meta', number: 6, type: 'uint64' },
    { name: 'uptime', number: 7, type: 'uint32' },
  ],
};
const DataRecordSchema: MessageSchema = {
  name: 'DataRecord',
  fields: [
    { name: 'metadata', number: 2, type: MetadataSchema },
    { name: 'status', number: 4, type: StatusSchema },
    { name: 'readings', number: 5, type: ReadingsSchema },
    { name: 'modules', number: 6, type: ModuleInfoSchema, repeated: true },
    { name: 'identity', number: 9, type: IdentitySchema },
  ],
};
const SignedRecordSchema: MessageSchema = {
  name: 'SignedRecord',
  fields: [
    { name: 'kind', number: 1, type: 'uint32' },
    { name: 'time', number: 2, type: 'int64' },
    { name: 'data', number: 3, type: 'bytes' },
    { name: 'hash', number: 4, type: 'bytes' },
    { name: 'record', number: 5, type: 'uint64' },
  ],
};

export const encodeDataRecord = (record: DataRecord): Uint8Array => encodeWith(DataRecordSchema, record);
export const decodeDataRecord = (bytes: Uint8Array): DataRecord => decodeWith(DataRecordSchema, bytes) as DataRecord;
export const encodeSignedRecord = (record: SignedRecord): Uint8Array => encodeWith(SignedRecordSchema, record);
export const decodeSignedRecord = (bytes: Uint8Array): SignedRecord => decodeWith(SignedRecordSchema, bytes) as SignedRecord;

/** A `data` file: DataRecords, each framed by its varint length. */
export const encodeDataFile = (records: readonly DataRecord[]): Uint8Array => {
  // Same bytes as framing encodeDataRecord's, written by hand (the simulator writes years of records).
  const writer = new DataFileWriter();
  for (const record of records) writer.record(record, encodeDataRecord);
  return writer.finish();
};

/** A `meta` file: SignedRecords (kind MODULES) whose data is a DataRecord describing the modules. */
export const encodeMetaFile = (records: readonly { record: number; time: number; dataRecord: DataRecord }[]): Uint8Array =>
  encodeDelimited(
    records.map((r) =>
      encodeSignedRecord({
        kind: SignedRecordKind.MODULES,
        time: r.time,
        data: encodeDataRecord(r.dataRecord),
        hash: new Uint8Array(0),
        record: r.record,
      }),
    ),
  );

export type FileEntry<T> = { readonly offset: number; readonly value: T } | { readonly offset: number; readonly error: string };

export type DecodedFile<T> = {
  readonly entries: FileEntry<T>[];
  /** Why reading the stream stopped before its end (truncated/oversized frame), or null. */
  readonly streamError: string | null;
};

const decodeFile = <T>(bytes: Uint8Array, decode: (b: Uint8Array) => T): DecodedFile<T> => {
  const { frames, error } = splitDelimited(bytes);
  const entries = frames.map((frame): FileEntry<T> => {
    try {
      return { offset: frame.offset, value: decode(frame.bytes) };
    } catch (e) {
      if (e instanceof ProtobufError)
        return { offset: frame.offset, error: `${e.name}: ${e.message} in the message at byte ${frame.offset}` };
      throw e;
    }
  });
  return { entries, streamError: error === null ? null : error.message };
};

/** Reads a `data` file: one entry per frame, a decoded DataRecord or the error for that frame. Never throws on bad bytes. */
export const decodeDataFile = (bytes: Uint8Array): DecodedFile<DataRecord> => decodeFile(bytes, decodeDataRecord);

/** Reads a `meta` file: each SignedRecord with its DataRecord decoded from `data`. Never throws on bad bytes. */
export const decodeMetaFile = (bytes: Uint8Array): DecodedFile<{ signed: SignedRecord; dataRecord: DataRecord }> =>
  decodeFile(bytes, (b) => {
    const signed = decodeSignedRecord(b);
    return { signed, dataRecord: decodeDataRecord(signed.data) };
  });
