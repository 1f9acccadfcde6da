import fc from 'fast-check';
import { sensorByFullKey } from '@groundtruth/domain';
import { uplinkReadings, valueAt } from './uplink-readings.js';

const DEPTH = sensorByFullKey('wh.floodnet.depth')!.id;
const BATTERY = sensorByFullKey('wh.floodnet.battery')!.id;
const NOW = Date.parse('2026-05-01T12:00:00Z');
const context = { stationId: 4, ingestionId: 9, version: 2, nowMs: NOW };
const mapping = {
  mapping: [
    { path: 'depth_in', sensor: 'wh.floodnet.depth' },
    { path: 'status.battery', sensor: 'wh.floodnet.battery' },
  ],
  timePath: null,
};

/** An uplink as The Things Stack v3 sends it to a JSON webhook. */
const uplink = (decoded: Record<string, unknown> | undefined, extra: Record<string, unknown> = {}) => ({
  end_device_ids: {
    device_id: 'flood-12',
    application_ids: { application_id: 'floodnet' },
    dev_eui: '70B3D57ED005A1B2',
    join_eui: '0000000000000000',
    dev_addr: '260B1234',
  },
  correlation_ids: ['as:up:01H...'],
  received_at: '2026-05-01T11:00:01.123456789Z',
  uplink_message: {
    session_key_id: 'AYf...',
    f_port: 1,
    f_cnt: 42,
    frm_payload: 'AAEC',
    ...(decoded ? { decoded_payload: decoded } : {}),
    rx_metadata: [{ gateway_ids: { gateway_id: 'gw-1', eui: 'B827EBFFFE000001' }, rssi: -97, snr: 7.5 }],
    settings: { data_rate: { lora: { bandwidth: 125000, spreading_factor: 7 } }, frequency: '904300000' },
    received_at: '2026-05-01T11:00:00.987654321Z',
    consumed_airtime: '0.061696s',
    ...extra,
  },
});

describe('valueAt', () => {
  it('follows names and array indexes, and only own properties', () => {
    const doc = { a: { b: [10, { c: 3 }] }, n: null };
    expect(valueAt(doc, 'a.b.0')).toBe(10);
    expect(valueAt(doc, 'a.b.1.c')).toBe(3);
    expect(valueAt(doc, 'a.b.x')).toBeUndefined();
    expect(valueAt(doc, 'a.missing.c')).toBeUndefined();
    expect(valueAt(doc, 'n')).toBeNull();
    expect(valueAt(doc, 'constructor')).toBeUndefined();
    expect(valueAt(doc, '__proto__')).toBeUndefined();
    expect(valueAt(doc, 'a.b.length')).toBeUndefined();
  });
});

describe('uplinkReadings', () => {
  it('reads every mapped field at the time the network received the uplink', () => {
    const sut = uplinkReadings(uplink({ depth_in: 3.5, status: { battery: 3.9 }, other: 1 }), mapping, 55, context);
    expect(sut).toMatchObject({ records: 1, errors: 0, problems: [] });
    expect(sut.rows).toEqual([
      {
        station_id: 4,
        module_id: 55,
        sensor_id: DEPTH,
        time: '2026-05-01T11:00:00.987Z',
        value: 3.5,
        ingestion_id: 9,
        version: 2,
      },
      {
        station_id: 4,
        module_id: 55,
        sensor_id: BATTERY,
        time: '2026-05-01T11:00:00.987Z',
        value: 3.9,
        ingestion_id: 9,
        version: 2,
      },
    ]);
    expect(sut.start).toBe(Date.parse('2026-05-01T11:00:00.987Z'));
  });

  it('reads the time from the payload when the mapping names it (ISO or unix), and skips absent fields', () => {
    const withTime = { ...mapping, timePath: 'meta.t' };
    const iso = uplinkReadings(uplink({ depth_in: 1, meta: { t: '2026-05-01T10:00:00-01:00' } }), withTime, 55, context);
    expect(iso.rows.map((r) => [r.time, r.sensor_id])).toEqual([['2026-05-01T11:00:00.000Z', DEPTH]]);
    expect(iso.errors).toBe(0);
    const unix = uplinkReadings(uplink({ depth_in: 1, meta: { t: 1777629600 } }), withTime, 55, context);
    expect(unix.rows[0]!.time).toBe('2026-05-01T10:00:00.000Z');
  });

  it('falls back to the message received_at when the uplink has none', () => {
    const message = uplink({ depth_in: 2 });
    delete (message.uplink_message as Record<string, unknown>)['received_at'];
    expect(uplinkReadings(message, mapping, 55, context).rows[0]!.time).toBe('2026-05-01T11:00:01.123Z');
  });

  it.each([
    ['no decoded payload', uplink(undefined), /no decoded_payload: give the device a payload formatter/],
    ['not an uplink', { end_device_ids: {}, join_accept: { session_key_id: 'x' } }, /not an uplink/],
    ['no mapped field', uplink({ temperature: 20 }), /None of the mapped fields \(depth_in, status\.battery\)/],
    [
      'a field that is not a number',
      uplink({ depth_in: '3', status: { battery: true } }),
      /depth_in "3" is not a number; status\.battery true/,
    ],
    ['a reading in the future', uplink({ depth_in: 1 }, { received_at: '2026-06-01T00:00:00Z' }), /in the future/],
    ['a reading before 1900', uplink({ depth_in: 1 }, { received_at: '1899-06-01T00:00:00Z' }), /before 1900/],
    ['an unreadable time', uplink({ depth_in: 1 }, { received_at: 'yesterday' }), /received_at "yesterday" is not ISO 8601/],
  ])('makes %s an error of the uplink', (_name, message, problem) => {
    const sut = uplinkReadings(message, mapping, 55, context);
    expect(sut).toMatchObject({ records: 1, errors: 1, problems: [expect.stringMatching(problem)] });
    expect(sut.rows).toEqual([]);
  });

  it('keeps a reading from before 2018 (that rule is for station clocks, not for uplinks)', () => {
    const sut = uplinkReadings(uplink({ depth_in: 2 }, { received_at: '2010-06-01T00:00:00Z' }), mapping, 55, context);
    expect(sut.errors).toBe(0);
    expect(sut.rows.map((r) => r.time)).toEqual(['2010-06-01T00:00:00.000Z']);
  });

  it('keeps the good fields of an uplink with a bad one', () => {
    const sut = uplinkReadings(uplink({ depth_in: 4, status: { battery: 'low' } }), mapping, 55, context);
    expect(sut.errors).toBe(1);
    expect(sut.rows.map((r) => r.value)).toEqual([4]);
  });

  it('refuses a mapped time that is missing or unreadable', () => {
    const withTime = { ...mapping, timePath: 't' };
    expect(uplinkReadings(uplink({ depth_in: 1 }), withTime, 55, context).problems).toEqual([
      'decoded_payload has no t (the time).',
    ]);
    expect(uplinkReadings(uplink({ depth_in: 1, t: 'noon' }), withTime, 55, context).problems[0]).toMatch(
      /The time t "noon" is not/,
    );
  });

  it('never throws, whatever JSON arrives', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (message, decoded) => {
        const a = uplinkReadings(message, mapping, 55, context);
        const b = uplinkReadings(
          { uplink_message: { decoded_payload: decoded, received_at: '2026-05-01T11:00:00Z' } },
          mapping,
          55,
          context,
        );
        for (const sut of [a, b]) {
          expect(sut.records).toBe(1);
          expect(sut.rows.every((r) => Number.isFinite(r.value))).toBe(true);
        }
      }),
    );
  });
});
