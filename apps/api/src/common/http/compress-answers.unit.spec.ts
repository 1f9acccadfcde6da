import { brotliQualityFor, chooseEncoding, gzipLevelFor, LARGE_ANSWER_BYTES } from './compress-answers.js';

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
