import fc from 'fast-check';
import { DataRecordView, scanDataFile, viewOfDataRecord } from './data-scan.js';
import { decodeDataFile, encodeDataFile, encodeDataRecord, type DataRecord } from './fk-data.js';
import { encodeDelimited } from './wire.js';

/** A view as plain data, to compare two of them. */
const snapshot = (view: DataRecordView) => ({
  hasStatus: view.hasStatus,
  battery: view.battery,
  hasReadings: view.hasReadings,
  time: view.time,
  reading: view.reading,
  meta: view.meta,
  hasLocation: view.hasLocation,
  fix: view.fix,
  longitude: view.longitude,
  latitude: view.latitude,
  groups: Array.from({ length: view.groupCount }, (_, g) => ({
    module: view.groupModule[g],
    time: view.groupTime[g],
    values: Array.from({ length: view.groupStart[g + 1]! - view.groupStart[g]! }, (_, k) => {
      const i = view.groupStart[g]! + k;
      return { sensor: view.sensor[i], usable: view.usable[i], value: view.usable[i] ? view.value[i] : null };
    }),
  })),
});

/** What scanDataFile answers, entry by entry. */
const scanned = (bytes: Uint8Array) => {
  const entries: unknown[] = [];
  const result = scanDataFile(bytes, {
    record: (view) => entries.push(snapshot(view)),
    error: (message) => entries.push({ error: message }),
  });
  return { entries, records: result.records, streamError: result.streamError };
};

/** What the general decoder answers for the same file, as views. */
const decoded = (bytes: Uint8Array) => {
  const file = decodeDataFile(bytes);
  const view = new DataRecordView();
  return {
    entries: file.entries.map((e) => ('error' in e ? { error: e.error } : snapshot(viewOfDataRecord(e.value, view)))),
    records: file.entries.length,
    streamError: file.streamError,
  };
};

const f32 = fc.float({ noDefaultInfinity: false });
const value = fc.record(
  {
    sensor: fc.nat(40),
    calibratedValue: fc.option(f32, { nil: undefined }),
    uncalibratedValue: fc.option(f32, { nil: undefined }),
    calibratedNull: fc.option(fc.boolean(), { nil: undefined }),
  },
  { requiredKeys: ['sensor'] },
);
const record: fc.Arbitrary<DataRecord> = fc.record(
  {
    modules: fc.constant([]),
    status: fc.option(fc.record({ time: fc.nat(), uptime: fc.nat(2 ** 31), battery: f32 }), { nil: undefined }),
    readings: fc.option(
      fc.record({
        time: fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
        reading: fc.oneof(fc.nat(), fc.constant(2 ** 52)),
        flags: fc.nat(),
        location: fc.option(fc.record({ fix: fc.nat(3), time: fc.nat(), longitude: f32, latitude: f32, altitude: f32 }), {
          nil: undefined,
        }),
        sensorGroups: fc.array(fc.record({ module: fc.nat(10), time: fc.nat(), readings: fc.array(value, { maxLength: 8 }) }), {
          maxLength: 4,
        }),
        meta: fc.nat(),
        uptime: fc.nat(),
      }),
      { nil: undefined },
    ),
    identity: fc.option(fc.record({ name: fc.string() }), { nil: undefined }),
  },
  { requiredKeys: ['modules'] },
);

describe('scanDataFile', () => {
  it('answers what decodeDataFile answers, for any file of records', () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 6 }), (records) => {
        const bytes = encodeDelimited(records.map(encodeDataRecord));
        expect(scanned(bytes)).toEqual(decoded(bytes));
      }),
      { numRuns: 300 },
    );
  });

  it('answers what decodeDataFile answers for damaged files: flipped bytes, cuts and random bytes', () => {
    fc.assert(
      fc.property(
        fc.array(record, { minLength: 1, maxLength: 4 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 4 }),
        fc.nat(),
        (records, flips, cut) => {
          const bytes = encodeDelimited(records.map(encodeDataRecord));
          for (const [at, byte] of flips) bytes[at % bytes.length] = byte;
          const damaged = bytes.subarray(0, bytes.length - (cut % 3 === 0 ? cut % bytes.length : 0));
          expect(scanned(damaged)).toEqual(decoded(damaged));
        },
      ),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect(scanned(bytes)).toEqual(decoded(bytes));
      }),
      { numRuns: 500 },
    );
  });

  it('reads a record with a repeated singular message or a wrong wire type the way the general decoder does', () => {
    // Two `readings` fields: the general decoder keeps the last one.
    const one = encodeDataRecord({
      modules: [],
      readings: { time: 5, reading: 1, flags: 0, sensorGroups: [], meta: 1, uptime: 0 },
    });
    const two = encodeDataRecord({
      modules: [],
      readings: { time: 9, reading: 2, flags: 0, sensorGroups: [], meta: 1, uptime: 0 },
    });
    const doubled = new Uint8Array([...one, ...two]);
    const bytes = encodeDelimited([doubled, new Uint8Array([0x28, 0x01])]);
    expect(scanned(bytes)).toEqual(decoded(bytes));
    expect((scanned(bytes).entries[0] as { reading: number }).reading).toBe(2);
    expect(scanned(bytes).entries[1]).toHaveProperty('error');
  });
});

describe('encodeDataFile (hand-written writer)', () => {
  it('writes the same bytes as framing the general encoder, for any records', () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 6 }), (records) => {
        expect(Buffer.from(encodeDataFile(records))).toEqual(Buffer.from(encodeDelimited(records.map(encodeDataRecord))));
      }),
      { numRuns: 300 },
    );
  });
});
