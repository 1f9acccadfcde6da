/** One record of a CSV file: its cells, and the line it starts on (1 for the header). */
export type CsvRecord = {
  readonly line: number;
  readonly cells: string[];
  /** Set when the record is malformed (a quoted field never closed); its cells are what could be read. */
  readonly problem?: string;
};

const DELIMITERS = [',', ';', '\t'] as const;

/** The delimiter of the first line: whichever of comma, semicolon and tab appears most outside quotes (comma on a tie). */
export const delimiterOf = (text: string): string => {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  let best: string = ',';
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
};

const isBreak = (c: string | undefined): boolean => c === '\n' || c === '\r';

/**
 * Reads CSV (RFC 4180, leniently): a byte-order mark is dropped; records end with CRLF, LF or CR;
 * a field in double quotes may hold delimiters, line breaks and doubled quotes (`""`); a quote
 * inside an unquoted field, or after a closing quote, is kept as it is; lines with nothing on them
 * are skipped. A quoted field still open at the end makes the last record carry a `problem`.
 */
export const parseCsv = (input: string, delimiter?: string): CsvRecord[] => {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const d = delimiter ?? delimiterOf(text);
  const n = text.length;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const endRecord = () => {
    if (!(cells.length === 1 && cells[0] === '')) records.push({ line: recordLine, cells });
    cells = [];
  };
  while (i < n) {
    if (cells.length === 0) recordLine = line;
    let field: string;
    if (text[i] === '"') {
      let value = '';
      let j = i + 1;
      let closed = false;
      while (j < n) {
        const c = text[j]!;
        if (c === '"') {
          if (text[j + 1] === '"') {
            value += '"';
            j += 2;
            continue;
          }
          closed = true;
          j += 1;
          break;
        }
        if (c === '\n' || (c === '\r' && text[j + 1] !== '\n')) line += 1;
        value += c;
        j += 1;
      }
      if (!closed) {
        cells.push(value);
        records.push({ line: recordLine, cells, problem: `a quoted field opened on line ${recordLine} is never closed` });
        return records;
      }
      const rest = j;
      while (j < n && text[j] !== d && !isBreak(text[j])) j += 1;
      field = value + text.slice(rest, j);
      i = j;
    } else {
      let j = i;
      while (j < n && text[j] !== d && !isBreak(text[j])) j += 1;
      field = text.slice(i, j);
      i = j;
    }
    cells.push(field);
    if (i >= n) break;
    if (text[i] === d) {
      i += 1;
      // A delimiter at the very end leaves one more, empty, field.
      if (i === n) cells.push('');
      continue;
    }
    i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
    line += 1;
    endRecord();
  }
  if (cells.length > 0) endRecord();
  return records;
};
