import fc from 'fast-check';
import {
  decodeDataFile,
  decodeDataRecord,
  decodeMetaFile,
  encodeDataFile,
  encodeDataRecord,
  encodeMetaFile,
  type DataRecord,
  type ModuleInfo,
} from './fk-data.js';
import {
  decodeWith,
  encodeDelimited,
  encodeWith,
  ProtobufError,
  splitDelimited,
  Writer,
  MAX_DELIMITED_MESSAGE_BYTES,
} from './wire.js';

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

const metaRecord: DataRecord = {
  metadata: {
    deviceId: Uint8Array.from(Buffer.from('0004a30b001cc1a4', 'hex')),
    time: 1_700_000_000,
    firmware: { version: '1.2.3', build: 'b42', number: '42' },
    generation: Uint8Array.from(Buffer.from('a1b2c3d4e5f60718', 'hex')),
    record: 1,
  },
  identity: { name: 'Creek 1' },
  modules: [
    {
      position: 0,
      address: 0,
      name: 'modules.diagnostics',
      header: { manufacturer: 1, kind: 0xa1, version: 1 },
      sensors: [
        { number: 0, name: 'battery_charge', unitOfMeasure: '%', flags: 0 },
        { number: 1, name: 'battery_voltage', unitOfMeasure: 'V', flags: 0 },
      ],
      id: Uint8Array.from([1, 2, 3, 4]),
      flags: 1,
    },
    {
      position: 1,
      address: 0x42,
      name: 'modules.water.temp',
      header: { manufacturer: 1, kind: 0x12, version: 2 },
      sensors: [{ number: 0, name: 'temp', unitOfMeasure: '°C', flags: 0 }],
      id: Uint8Array.from([9, 8, 7]),
      flags: 0,
    },
  ],
};

const dataRecord: DataRecord = {
  status: { time: 1_700_000_060, uptime: 60, battery: Math.fround(87.5) },
  readings: {
    time: 1_700_000_060,
    reading: 17,
    flags: 0,
    location: {
      fix: 1,
      time: 1_700_000_060,
      longitude: Math.fround(-118.25),
      latitude: Math.fround(34.05),
      altitude: Math.fround(12),
    },
    sensorGroups: [
      {
        module: 0,
        time: 0,
        readings: [
          { sensor: 0, calibratedValue: Math.fround(87.5) },
          { sensor: 1, calibratedValue: 0 },
        ],
      },
      { module: 1, time: 1_700_000_060, readings: [{ sensor: 0, calibratedNull: true, uncalibratedValue: Math.fround(-3.25) }] },
    ],
    meta: 1,
    uptime: 60,
  },
  modules: [],
};

/** Drops undefined keys so a decoded record compares equal to what was encoded. */
const plain = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (_k, v: unknown) => (v instanceof Uint8Array ? hex(v) : v)));

describe('fk_data protobuf codec', () => {
  it('round-trips a meta DataRecord and a data DataRecord', () => {
    expect(plain(decodeDataRecord(encodeDataRecord(metaRecord)))).toEqual(plain(metaRecord));
    const back = decodeDataRecord(encodeDataRecord(dataRecord));
    expect(back.readings?.sensorGroups[0]?.readings[1]).toEqual({
      sensor: 1,
      calibratedValue: 0,
      uncalibratedValue: undefined,
      calibratedNull: undefined,
      uncalibratedNull: undefined,
    });
    expect(plain(back)).toEqual(plain(dataRecord));
  });

  it('uses the reference field numbers on the wire', () => {
    // Readings.time = field 1 varint; DataRecord.readings = field 5 length-delimited (tag 0x2a).
    const bytes = encodeDataRecord({
      modules: [],
      readings: { time: 1, reading: 0, flags: 0, sensorGroups: [], meta: 0, uptime: 0 },
    });
    expect(hex(bytes)).toBe('2a020801');
    // SensorAndValue.calibratedValue = field 2 fixed32 (tag 0x15), 1.0f little endian.
    const group = encodeDataRecord({
      modules: [],
      readings: {
        time: 0,
        reading: 0,
        flags: 0,
        sensorGroups: [{ module: 0, time: 0, readings: [{ sensor: 0, calibratedValue: 1 }] }],
        meta: 0,
        uptime: 0,
      },
    });
    expect(hex(group)).toBe('2a092a071205150000803f');
  });

  it('round-trips negative int64 and large uint64 values', () => {
    const r = decodeDataRecord(
      encodeDataRecord({
        modules: [],
        readings: { time: -5, reading: 2 ** 40 + 3, flags: 0, sensorGroups: [], meta: 2 ** 33, uptime: 4_000_000_000 },
      }),
    );
    expect(r.readings).toMatchObject({ time: -5, reading: 2 ** 40 + 3, meta: 2 ** 33, uptime: 4_000_000_000 });
  });

  it('round-trips length-delimited data and meta files', () => {
    const records = Array.from({ length: 50 }, (_, i): DataRecord => ({
      ...dataRecord,
      readings: { ...dataRecord.readings!, reading: i + 1 },
    }));
    const file = decodeDataFile(encodeDataFile(records));
    expect(file.streamError).toBeNull();
    expect(file.entries.map((e) => ('value' in e ? e.value.readings?.reading : e.error))).toEqual(
      records.map((r) => r.readings?.reading),
    );

    const meta = decodeMetaFile(encodeMetaFile([{ record: 1, time: 1_700_000_000, dataRecord: metaRecord }]));
    expect(meta.streamError).toBeNull();
    const entry = meta.entries[0]!;
    expect('value' in entry && entry.value.signed).toMatchObject({ kind: 1, record: 1, time: 1_700_000_000 });
    expect('value' in entry && plain(entry.value.dataRecord)).toEqual(plain(metaRecord));
  });

  it('property: any data record round-trips', () => {
    const f32 = fc.float({ noNaN: true, noDefaultInfinity: true }).filter((v) => !Object.is(v, -0));
    const value = fc.record(
      {
        sensor: fc.nat(40),
        calibratedValue: fc.option(f32, { nil: undefined }),
        calibratedNull: fc.option(fc.boolean(), { nil: undefined }),
      },
      { requiredKeys: ['sensor'] },
    );
    const record = fc.record({
      modules: fc.constant<ModuleInfo[]>([]),
      readings: fc.record({
        time: fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
        reading: fc.nat(),
        flags: fc.nat(),
        sensorGroups: fc.array(fc.record({ module: fc.nat(10), time: fc.nat(), readings: fc.array(value, { maxLength: 8 }) }), {
          maxLength: 5,
        }),
        meta: fc.nat(),
        uptime: fc.nat(),
      }),
    });
    fc.assert(
      fc.property(record, (r) => {
        expect(plain(decodeDataRecord(encodeDataRecord(r)))).toEqual(plain(r));
      }),
    );
  });

  describe('bad input', () => {
    it('reports a truncated stream and keeps the complete records before it', () => {
      const bytes = encodeDataFile([dataRecord, dataRecord]);
      const file = decodeDataFile(bytes.subarray(0, bytes.length - 3));
      expect(file.entries).toHaveLength(1);
      expect(file.streamError).toMatch(/Truncated/);
    });

    it('reports a frame over 10 KiB', () => {
      const w = new Writer();
      w.varint(MAX_DELIMITED_MESSAGE_BYTES + 1);
      const split = splitDelimited(Uint8Array.from([...w.finish(), ...new Uint8Array(MAX_DELIMITED_MESSAGE_BYTES + 1)]));
      expect(split.frames).toHaveLength(0);
      expect(split.error?.message).toMatch(/over the 10240-byte limit/);
    });

    it('reports a garbage frame as an error for that record only', () => {
      const garbage = Uint8Array.from([0x2a, 0x7f, 0x01]); // readings announced with 127 bytes, 1 present
      const file = decodeDataFile(encodeDelimited([encodeDataRecord(dataRecord), garbage, encodeDataRecord(dataRecord)]));
      expect(file.streamError).toBeNull();
      expect(file.entries.map((e) => 'error' in e)).toEqual([false, true, false]);
      expect(file.entries[1]).toMatchObject({ error: expect.stringMatching(/ProtobufError: .*Truncated/) });
    });

    it('rejects wrong wire types, field 0, unsupported groups and endless varints with ProtobufError', () => {
      const schema = { name: 'T', fields: [{ name: 'a', number: 1, type: 'uint32' as const }] };
      expect(() => decodeWith(schema, Uint8Array.from([0x0d, 0, 0, 0, 0]))).toThrow(ProtobufError); // field 1 as fixed32
      expect(() => decodeWith(schema, Uint8Array.from([0x00, 0x01]))).toThrow(/field number 0/);
      expect(() => decodeWith(schema, Uint8Array.from([0x13]))).toThrow(/wire type 3/);
      expect(() => decodeWith(schema, Uint8Array.from(new Array(11).fill(0xff)))).toThrow(/longer than 10 bytes/);
      expect(decodeWith(schema, encodeWith(schema, { a: 7 }))).toEqual({ a: 7 });
    });

    it('property: random bytes never crash the decoder', () => {
      fc.assert(
        fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
          const data = decodeDataFile(bytes);
          const meta = decodeMetaFile(bytes);
          expect(Array.isArray(data.entries) && Array.isArray(meta.entries)).toBe(true);
        }),
        { numRuns: 2000 },
      );
    });

    it('property: any truncation of a valid file is reported, not thrown', () => {
      const bytes = encodeDataFile([dataRecord, dataRecord, dataRecord]);
      fc.assert(
        fc.property(fc.nat(bytes.length - 1), (cut) => {
          const file = decodeDataFile(bytes.subarray(0, cut));
          const complete = file.entries.filter((e) => 'value' in e).length;
          expect(complete).toBeLessThan(3);
        }),
      );
    });
  });
});
