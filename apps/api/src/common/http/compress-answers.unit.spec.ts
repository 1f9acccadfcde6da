import { brotliQualityFor, chooseEncoding, CompressedCopies, gzipLevelFor, LARGE_ANSWER_BYTES } from './compress-answers.js';

describe('chooseEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['gzip', 'gzip'],
    ['*', 'br'],
    ['br;q=0, *', 'gzip'],
    ['identity', null],
    ['gzip;q=0, br;q=0', null],
    ['', null],
    [undefined, null],
  ] as const)('answers %p with %p', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });

  it('chooses among the copies there are', () => {
    expect(chooseEncoding('gzip, br', ['gzip'])).toBe('gzip');
    expect(chooseEncoding('br', ['gzip'])).toBeNull();
  });
});

describe('compression effort by answer size', () => {
  it('keeps brotli 5 and gzip 6 for the usual answers, and takes the fast levels from LARGE_ANSWER_BYTES', () => {
    expect([brotliQualityFor(70_000), gzipLevelFor(70_000)]).toEqual([5, 6]);
    expect([brotliQualityFor(LARGE_ANSWER_BYTES - 1), gzipLevelFor(LARGE_ANSWER_BYTES - 1)]).toEqual([5, 6]);
    expect([brotliQualityFor(LARGE_ANSWER_BYTES), gzipLevelFor(LARGE_ANSWER_BYTES)]).toEqual([3, 1]);
  });
});

describe('CompressedCopies', () => {
  const bytes = (n: number, fill = 1) => Buffer.alloc(n, fill);

  it('keys copies by the bytes and the encoding', () => {
    const a = Buffer.from('{"a":1}');
    expect(CompressedCopies.keyOf(a, 'br')).toBe(CompressedCopies.keyOf(Buffer.from('{"a":1}'), 'br'));
    expect(CompressedCopies.keyOf(a, 'br')).not.toBe(CompressedCopies.keyOf(a, 'gzip'));
    expect(CompressedCopies.keyOf(a, 'br')).not.toBe(CompressedCopies.keyOf(Buffer.from('{"a":2}'), 'br'));
  });

  it('keeps at most its bytes, letting the least recently used go first', () => {
    const copies = new CompressedCopies(300);
    copies.set('a', bytes(100));
    copies.set('b', bytes(100));
    copies.set('c', bytes(100));
    expect(copies.get('a')).toBeDefined(); // now the most recently used
    copies.set('d', bytes(100));
    expect(copies.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((k) => copies.get(k)?.length)).toEqual([100, 100, 100]);
    // control: a copy larger than the whole budget is not kept, and drops nothing
    copies.set('huge', bytes(301));
    expect(copies.get('huge')).toBeUndefined();
    expect(copies.size).toBe(3);
  });
});
