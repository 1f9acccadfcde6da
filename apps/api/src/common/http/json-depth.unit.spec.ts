import fc from 'fast-check';
import { jsonNestingExceeds, MAX_JSON_DEPTH } from './json-depth.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const nested = (depth: number, inner = '') => '['.repeat(depth) + inner + ']'.repeat(depth);

/** The depth JSON.parse finds, walked without recursion. */
const depthOf = (value: unknown): number => {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v && typeof v === 'object') {
      deepest = Math.max(deepest, d + 1);
      for (const child of Object.values(v)) stack.push([child, d + 1]);
    }
  }
  return deepest;
};

/** Counts the bytes the scanner reads. */
const counted = (data: Uint8Array) => {
  let reads = 0;
  const proxy = new Proxy(data, {
    get: (target, key) => {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
      const v = Reflect.get(target, key, target) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
  return { proxy, reads: () => reads };
};

describe('jsonNestingExceeds', () => {
  it('lets a body exactly MAX_JSON_DEPTH deep through and refuses one level more', () => {
    expect(MAX_JSON_DEPTH).toBe(64);
    expect(jsonNestingExceeds(bytes(nested(64)))).toBe(false);
    expect(jsonNestingExceeds(bytes(nested(65)))).toBe(true);
    expect(jsonNestingExceeds(bytes(`{"a":${nested(62, '{}')}}`))).toBe(false);
    expect(jsonNestingExceeds(bytes(`{"a":${nested(63, '{}')}}`))).toBe(true);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const brackets = '"[[[[{{{{\\"[[[[\\\\"';
    expect(JSON.parse(brackets)).toBe('[[[[{{{{"[[[[\\');
    expect(jsonNestingExceeds(bytes(`[${brackets.repeat(100)}]`.replace(/""/g, '","')), 1)).toBe(false);
    expect(jsonNestingExceeds(bytes(`{"k[[[[":"v{{{{\\"}}}}","w":"\\\\"}`), 1)).toBe(false);
    // A backslash ending a string ("\\\\") does not escape the closing quote: the brackets after it count.
    expect(jsonNestingExceeds(bytes('["\\\\",[[]]]'), 2)).toBe(true);
    expect(jsonNestingExceeds(bytes('["\\"",[[]]]'), 2)).toBe(true);
    expect(jsonNestingExceeds(bytes('["\\"[[[["]'), 1)).toBe(false);
  });

  it('reads multi-byte characters and \\u escapes without losing its place', () => {
    expect(jsonNestingExceeds(bytes('[["ü€😀[[[","\\u005b\\u005b"]]'), 2)).toBe(false);
    expect(jsonNestingExceeds(bytes('[["ü€😀","x"],[[[]]]]'), 3)).toBe(true);
  });

  it('agrees with JSON.parse on the depth of any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 9 }), (value, limit) => {
        const text = JSON.stringify(value);
        expect(jsonNestingExceeds(bytes(text), limit)).toBe(depthOf(JSON.parse(text)) > limit);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a megabyte of nested arrays, reading only up to the first bracket too deep', () => {
    const deep = bytes(nested(500_000));
    expect(deep.length).toBe(1_000_000);
    const { proxy, reads } = counted(deep);
    expect(jsonNestingExceeds(proxy)).toBe(true);
    expect(reads()).toBe(MAX_JSON_DEPTH + 1);
  });

  it('reads each byte once: work grows with the length, never with the depth times the length', () => {
    for (const size of [1_000, 10_000, 100_000]) {
      const body = bytes(nested(64, `"${'[{\\"'.repeat(size)}"`));
      const { proxy, reads } = counted(body);
      expect(jsonNestingExceeds(proxy)).toBe(false);
      expect(reads()).toBeLessThanOrEqual(body.length);
    }
  });
});
