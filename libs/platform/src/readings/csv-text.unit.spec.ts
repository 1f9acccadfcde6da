import fc from 'fast-check';
import { delimiterOf, parseCsv } from './csv-text.js';

const cellsOf = (text: string, delimiter?: string) => parseCsv(text, delimiter).map((r) => r.cells);

describe('parseCsv', () => {
  it('reads plain records with their line numbers, LF, CRLF or CR, with or without a last line break', () => {
    expect(parseCsv('a,b\n1,2\n')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', '2'] },
    ]);
    expect(cellsOf('a,b\r\n1,2\r\n3,4')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(cellsOf('a,b\r1,2\r')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('drops a byte-order mark and skips empty lines, keeping line numbers true', () => {
    expect(parseCsv('\uFEFFtime,x\n\n2024,1\r\n\r\n2025,2')).toEqual([
      { line: 1, cells: ['time', 'x'] },
      { line: 3, cells: ['2024', '1'] },
      { line: 5, cells: ['2025', '2'] },
    ]);
  });

  it('reads quoted fields holding delimiters, doubled quotes and line breaks', () => {
    expect(parseCsv('"a,b","say ""hi""",c\n"two\r\nlines",x,""\nlast,1,2')).toEqual([
      { line: 1, cells: ['a,b', 'say "hi"', 'c'] },
      { line: 2, cells: ['two\r\nlines', 'x', ''] },
      { line: 4, cells: ['last', '1', '2'] },
    ]);
  });

  it('keeps empty cells, including a trailing one', () => {
    expect(cellsOf('a,,c,\n,,,\n')).toEqual([
      ['a', '', 'c', ''],
      ['', '', '', ''],
    ]);
  });

  it('is lenient with stray quotes and says when a quoted field is never closed', () => {
    expect(cellsOf('ab"c,"d"e,f')).toEqual([['ab"c', 'de', 'f']]);
    expect(parseCsv('t,x\n1,"open\n2,3')).toEqual([
      { line: 1, cells: ['t', 'x'] },
      { line: 2, cells: ['1', 'open\n2,3'], problem: 'a quoted field opened on line 2 is never closed' },
    ]);
  });

  it('finds the delimiter of the header: comma, semicolon or tab', () => {
    expect(delimiterOf('time;fk.water.temp.temp;"a,b"\n1,2')).toBe(';');
    expect(delimiterOf('time\tx\ty')).toBe('\t');
    expect(delimiterOf('time')).toBe(',');
    expect(cellsOf('time;x\n2024;1,5')).toEqual([
      ['time', 'x'],
      ['2024', '1,5'],
    ]);
  });

  it('reads back any table written as RFC 4180 CSV with any line breaks and an optional BOM', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', '1', '.', ' ', ',', '"', '\n', '\r', 'é', '-', ';') });
    const row = fc.array(cell, { minLength: 1, maxLength: 6 }).filter((r) => !(r.length === 1 && r[0] === ''));
    const quote = (c: string, always: boolean) =>
      always || /[",\r\n]/.test(c) || c.startsWith('"') ? `"${c.replace(/"/g, '""')}"` : c;
    fc.assert(
      fc.property(
        fc.array(row, { minLength: 1, maxLength: 8 }),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (rows, eol, bom, trailing, quoteAll) => {
          const text =
            (bom ? '\uFEFF' : '') + rows.map((r) => r.map((c) => quote(c, quoteAll)).join(',')).join(eol) + (trailing ? eol : '');
          expect(cellsOf(text, ',')).toEqual(rows);
        },
      ),
    );
  });
});
