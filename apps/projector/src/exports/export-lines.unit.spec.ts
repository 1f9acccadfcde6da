import { ExportWriter } from '@groundtruth/domain';
import { LineCutter, fixValues, sqlString } from './export-lines.js';

describe('export lines', () => {
  it('quotes a ClickHouse string literal so that nothing escapes it', () => {
    expect(sqlString(`a'b\\c`)).toBe(`'a\\'b\\\\c'`);
    expect(sqlString(`\\'; DROP TABLE readings; --`)).toBe(`'\\\\\\'; DROP TABLE readings; --'`);
  });

  it('rewrites marked values as asRecorded writes them, and leaves a chunk without marks as it is', () => {
    const bits = (v: number) => {
      const b = Buffer.alloc(8);
      b.writeDoubleLE(v);
      return b.readBigUInt64LE().toString();
    };
    const chunk = Buffer.from(`a,\0${bits(Math.fround(1447177.25))}\0,true\r\nb,\0${bits(1e21)}\0,true\r\n`);
    expect(fixValues(chunk).toString()).toBe('a,1447177.3,true\r\nb,1e+21,true\r\n');
    const plain = Buffer.from('a,1,true\r\n');
    expect(fixValues(plain)).toBe(plain);
    expect(() => fixValues(Buffer.from(`a,\x00123`))).toThrow(/cut off/);
  });

  it('cuts an HTTP body into whole lines wherever its parts end, counting lines (not line breaks in a station name)', () => {
    const name = 'north\r\npier';
    const writer = new ExportWriter({
      format: 'csv',
      stations: [{ id: 1, name }],
      sensors: null,
      start: 0,
      end: 1,
      tz: 'UTC',
      createdAt: 0,
    });
    const text = Buffer.from(
      Array.from({ length: 5 }, (_, i) =>
        writer.line({ stationId: 1, moduleId: 2, sensorId: 70, time: i * 60_000, value: i }),
      ).join(''),
    );
    for (const size of [1, 7, 50, text.length]) {
      const sut = new LineCutter('csv', name);
      const out: Buffer[] = [];
      let lines = 0;
      for (let at = 0; at < text.length; at += size) {
        const whole = sut.take(text.subarray(at, at + size));
        out.push(whole.bytes);
        lines += whole.lines;
      }
      sut.end();
      expect(lines).toBe(5);
      expect(Buffer.concat(out).equals(text)).toBe(true);
    }
    const cut = new LineCutter('json-lines', name);
    expect(cut.take(Buffer.from('{"a":1}\n{"a"')).lines).toBe(1);
    expect(() => cut.end()).toThrow(/inside a line/);
  });
});
