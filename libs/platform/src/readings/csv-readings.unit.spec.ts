import fc from 'fast-check';
import { DomainError, sensorByFullKey } from '@groundtruth/domain';
import { csvColumns, csvReadings } from './csv-readings.js';
import { parseCsv } from './csv-text.js';

const TEMP = sensorByFullKey('fk.water.temp.temp')!;
const EC = sensorByFullKey('fk.water.ec.ec')!;
const NOW = Date.parse('2026-05-01T12:00:00Z');
const context = { stationId: 4, ingestionId: 9, version: 1, nowMs: NOW };
const modules = new Map([
  ['fk.water.temp', 101],
  ['fk.water.ec', 102],
]);

const read = (text: string, moduleIds: ReadonlyMap<string, number> = modules) => {
  const [header, ...records] = parseCsv(text);
  return csvReadings(records, csvColumns(header!.cells), moduleIds, context);
};

const headerError = (header: string[]): DomainError => {
  try {
    csvColumns(header);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('csvColumns', () => {
  it('finds the time column (any case) and the sensors by full key', () => {
    const sut = csvColumns([' fk.water.temp.temp', 'Time', 'fk.water.ec.ec ']);
    expect(sut.time).toBe(1);
    expect(sut.sensors.map((c) => [c.index, c.sensor.id])).toEqual([
      [0, TEMP.id],
      [2, EC.id],
    ]);
    expect(csvColumns(['unix_time', 'wh.floodnet.depth']).sensors[0]!.sensor.fullKey).toBe('wh.floodnet.depth');
  });

  it('lists every unknown column, by name, in one refusal', () => {
    const error = headerError(['time', 'fk.water.temp.temp', 'temperature', 'fk.water.ph.acidity']);
    expect(error).toMatchObject({
      kind: 'validation',
      code: 'CSV.BAD_HEADER',
      message: 'These columns are not sensor keys of the catalogue: temperature, fk.water.ph.acidity.',
      fieldErrors: {
        temperature: expect.stringMatching(/sensor key/),
        'fk.water.ph.acidity': expect.stringMatching(/sensor key/),
      },
    });
  });

  it('needs one time column, named columns, no column twice and at least one sensor', () => {
    expect(headerError(['fk.water.temp.temp']).fieldErrors).toEqual({ time: expect.stringMatching(/time, timestamp/) });
    expect(headerError(['time', 'timestamp', 'fk.water.temp.temp']).fieldErrors).toEqual({ timestamp: expect.any(String) });
    expect(headerError(['time', '', 'fk.water.temp.temp']).fieldErrors).toEqual({ 'column 2': expect.any(String) });
    expect(headerError(['time', 'fk.water.temp.temp', 'fk.water.temp.temp']).fieldErrors).toEqual({
      'fk.water.temp.temp': expect.stringMatching(/twice/),
    });
    expect(headerError(['time']).fieldErrors).toEqual({ columns: expect.any(String) });
    expect(headerError(Array.from({ length: 201 }, (_, i) => `c${i}`)).fieldErrors).toEqual({ columns: expect.any(String) });
  });
});

describe('csvReadings', () => {
  it('files each cell under its column module at the row time; empty cells are no reading', () => {
    const sut = read('time,fk.water.temp.temp,fk.water.ec.ec\n2024-05-01T12:00:00Z,10.5,\n1714564860,,-3e2\n');
    expect(sut).toMatchObject({ records: 2, errors: 0, problems: [] });
    expect(sut.rows).toEqual([
      {
        station_id: 4,
        module_id: 101,
        sensor_id: TEMP.id,
        time: '2024-05-01T12:00:00.000Z',
        value: 10.5,
        ingestion_id: 9,
        version: 1,
      },
      {
        station_id: 4,
        module_id: 102,
        sensor_id: EC.id,
        time: '2024-05-01T12:01:00.000Z',
        value: -300,
        ingestion_id: 9,
        version: 1,
      },
    ]);
    expect([sut.start, sut.end]).toEqual([Date.parse('2024-05-01T12:00:00Z'), Date.parse('2024-05-01T12:01:00Z')]);
  });

  it('makes each bad row an error naming its row, and keeps the good cells of a row with a bad number', () => {
    const sut = read(
      [
        'time,fk.water.temp.temp,fk.water.ec.ec',
        '2024-05-01T12:00:00,1,2', // no offset
        'soon,1,2',
        ',1,2',
        '2030-01-01T00:00:00Z,1,2',
        '1899-06-01T00:00:00Z,1,2',
        '2024-05-01T12:05:00Z,NaN,7',
        '2024-05-01T12:06:00Z,abc,1e999',
        '2024-05-01T12:07:00Z,1,2,3',
        '2024-05-01T12:05:00Z,4,4',
        '2024-05-01T12:08:00Z,"8"',
      ].join('\r\n'),
    );
    expect(sut.records).toBe(10);
    expect(sut.errors).toBe(9);
    expect(sut.problems).toEqual([
      expect.stringMatching(
        /^Row 2: the time "2024-05-01T12:00:00" is not ISO 8601 with Z or an offset .* or unix seconds or milliseconds\.$/,
      ),
      expect.stringMatching(/^Row 3: the time "soon" is not ISO 8601/),
      'Row 4: no time.',
      'Row 5: the time 2030-01-01T00:00:00.000Z is in the future.',
      'Row 6: the time 1899-06-01T00:00:00.000Z is before 1900.',
      'Row 7: fk.water.temp.temp "NaN" is not a number.',
      'Row 8: fk.water.temp.temp "abc" is not a number; fk.water.ec.ec "1e999" is not a number.',
      'Row 9: it has 4 cells, the header 3.',
      'Row 10: the same time as row 7.',
    ]);
    expect(sut.rows.map((r) => [r.time, r.sensor_id, r.value])).toEqual([
      ['2024-05-01T12:05:00.000Z', EC.id, 7],
      ['2024-05-01T12:08:00.000Z', TEMP.id, 8],
    ]);
  });

  it('accepts historical rows from 1900 on (the station-clock rule, before 2018, is for station uploads only)', () => {
    const sut = read(
      [
        'time,fk.water.temp.temp',
        '1900-01-01T00:00:00Z,1',
        '1955-07-01T06:30:00-05:00,2',
        '-315619200,3',
        '2010-01-01T00:00:00Z,4',
      ].join('\n'),
    );
    expect(sut).toMatchObject({ records: 4, errors: 0, problems: [] });
    expect(sut.rows.map((r) => [r.time, r.value])).toEqual([
      ['1900-01-01T00:00:00.000Z', 1],
      ['1955-07-01T11:30:00.000Z', 2],
      ['1960-01-01T00:00:00.000Z', 3],
      ['2010-01-01T00:00:00.000Z', 4],
    ]);
  });

  it('reports a column whose module the station lacks once, and reads the others', () => {
    const sut = read('time,fk.water.temp.temp,fk.water.ec.ec\n2024-05-01T12:00:00Z,1,2\n', new Map([['fk.water.ec', 102]]));
    expect(sut.problems).toEqual(['Column fk.water.temp.temp: the station has no fk.water.temp module for it.']);
    expect(sut.rows.map((r) => r.sensor_id)).toEqual([EC.id]);
  });

  it('reports a quoted field never closed as an error of its row', () => {
    const sut = read('time,fk.water.temp.temp\n2024-05-01T12:00:00Z,1\n2024-05-01T12:01:00Z,"2\n');
    expect(sut).toMatchObject({ records: 2, errors: 1, problems: ['Row 3: a quoted field opened on line 3 is never closed.'] });
    expect(sut.rows).toHaveLength(1);
  });

  it('writes back every finite value and every kept time of a generated file exactly', () => {
    const value = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 });
    const minute = fc.integer({ min: Date.UTC(1900, 0, 1) / 60_000, max: NOW / 60_000 });
    // As a spreadsheet would write it, -0 included.
    const cell = (v: number | null) => (v === null ? '' : Object.is(v, -0) ? '-0' : String(v));
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(minute, fc.option(value), fc.option(value)), { selector: (r) => r[0], maxLength: 30 }),
        (rows) => {
          const text = [
            'time,fk.water.temp.temp,fk.water.ec.ec',
            ...rows.map(([m, a, b]) => `${new Date(m * 60_000).toISOString()},${cell(a)},${cell(b)}`),
          ].join('\n');
          const sut = read(text);
          expect(sut.errors).toBe(0);
          const expected = rows.flatMap(([m, a, b]) => [
            ...(a === null ? [] : [[m * 60_000, TEMP.id, a]]),
            ...(b === null ? [] : [[m * 60_000, EC.id, b]]),
          ]);
          expect(sut.rows.map((r) => [Date.parse(r.time), r.sensor_id, r.value])).toEqual(expected);
        },
      ),
    );
  });
});
