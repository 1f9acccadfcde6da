import { AnswerCache } from './answer-cache.js';

describe('AnswerCache', () => {
  it('gives an answer back only under the version it was read at', () => {
    const cache = new AnswerCache<string>(1000);
    cache.set('a', 'v1', 'answer', 10);
    expect(cache.get('a', 'v1')).toBe('answer');
    expect(cache.get('a', 'v2')).toBeUndefined();
    // A stale entry is dropped when met, not kept for later.
    expect(cache.get('a', 'v1')).toBeUndefined();
    expect(cache.size).toEqual({ entries: 0, rows: 0 });
  });

  it('drops the least recently used answers past its rows, counting one more per answer', () => {
    const cache = new AnswerCache<string>(300);
    cache.set('a', 'v', 'A', 29);
    cache.set('b', 'v', 'B', 29);
    cache.get('a', 'v'); // 'a' is now more recent than 'b'
    for (let i = 0; i < 9; i++) cache.set(`k${i}`, 'v', 'K', 29);
    // 11 answers of 30 rows: 330 > 300, so one goes: the least recently used, 'b'.
    expect(cache.size).toEqual({ entries: 10, rows: 300 });
    expect(cache.get('b', 'v')).toBeUndefined();
    expect(cache.get('a', 'v')).toBe('A');
  });

  it('keeps no answer over a tenth of its rows, and nothing at all with 0 rows', () => {
    const cache = new AnswerCache<string>(100);
    cache.set('big', 'v', 'B', 10);
    expect(cache.get('big', 'v')).toBeUndefined();
    cache.set('small', 'v', 'S', 9);
    expect(cache.get('small', 'v')).toBe('S');
    const off = new AnswerCache<string>(0);
    expect(off.enabled).toBe(false);
    off.set('a', 'v', 'A', 0);
    expect(off.get('a', 'v')).toBeUndefined();
  });

  it('replaces an answer under the same key, rows included', () => {
    const cache = new AnswerCache<string>(1000);
    cache.set('a', 'v1', 'old', 50);
    cache.set('a', 'v2', 'new', 20);
    expect(cache.size).toEqual({ entries: 1, rows: 21 });
    expect(cache.get('a', 'v2')).toBe('new');
  });
});
