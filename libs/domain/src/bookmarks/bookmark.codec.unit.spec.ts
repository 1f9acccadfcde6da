import fc from 'fast-check';
import { DomainError } from '../kernel/domain-error.js';
import {
  type Bookmark,
  bookmarkStations,
  canonicalBookmark,
  CHART_TYPES,
  decodeBookmark,
  FAST_TIMES,
  parseBookmark,
  serializeBookmark,
  type VizBookmark,
} from './bookmark.codec.js';

const codeOf = (f: () => unknown): { code: string; message: string; fields?: Readonly<Record<string, string>> } => {
  try {
    f();
  } catch (e) {
    if (e instanceof DomainError) return { code: e.code, message: e.message, fields: e.fieldErrors };
    throw e;
  }
  throw new Error('did not throw');
};

const viz: VizBookmark = [[[12, [34, 2]]], [1_700_000_000_000, 1_701_000_000_000], [], 0, 14];

describe('bookmark codec', () => {
  it('reads the version-1 form and writes it back in the canonical key order', () => {
    const text = JSON.stringify({
      c: { map: true, project: 174 },
      p: [174],
      s: [12, 13],
      g: [
        [
          [
            viz,
            [
              [
                [13, [35, 7]],
                [12, [34, 2]],
              ],
              [0, 10],
              [
                [-74.1, 40.6],
                [-73.9, 40.8],
              ],
              4,
              -1,
            ],
          ],
        ],
      ],
      v: 1,
    });
    const b = decodeBookmark(text);
    expect(b.g[0]![0]![1]).toEqual([
      [
        [13, [35, 7]],
        [12, [34, 2]],
      ],
      [0, 10],
      [
        [-74.1, 40.6],
        [-73.9, 40.8],
      ],
      4,
      -1,
    ]);
    expect(serializeBookmark(b)).toBe(
      '{"v":1,"g":[[[[[[12,[34,2]]],[1700000000000,1701000000000],[],0,14],[[[13,[35,7]],[12,[34,2]]],[0,10],[[-74.1,40.6],[-73.9,40.8]],4,-1]]]],"s":[12,13],"p":[174],"c":{"project":174,"map":true}}',
    );
  });

  it("reads the old portal's 6-element viz (stations, sensors, range, geo, chart type, fast range) as its first station with its first sensor", () => {
    const old = {
      v: 1,
      s: [5, 6],
      g: [
        [
          [
            [
              [5, 6],
              [
                ['0a1b', 3],
                ['0a1c', 4],
              ],
              [100, 200],
              [],
              2,
              7,
            ],
          ],
        ],
      ],
    };
    const b = decodeBookmark(JSON.stringify(old));
    expect(b.g[0]![0]![0]).toEqual([[[5, ['0a1b', 3]]], [100, 200], [], 2, 7]);
    // missing p and c read as the old portal read them
    expect(b.p).toEqual([]);
    expect(b.c).toBeNull();
    expect(canonicalBookmark(JSON.stringify(old))).toBe(
      '{"v":1,"g":[[[[[[5,["0a1b",3]]],[100,200],[],2,7]]]],"s":[5,6],"p":[],"c":null}',
    );
    // and the old form means the same as the new one it is written as
    expect(canonicalBookmark(canonicalBookmark(JSON.stringify(old)))).toBe(canonicalBookmark(JSON.stringify(old)));
  });

  it('an old viz with no stations or no sensors has no series', () => {
    const b = parseBookmark({ v: 1, s: [], g: [[[[[], [], [1, 2], [], 0, 0]]]] });
    expect(b.g[0]![0]![0]![0]).toEqual([]);
  });

  it('an unknown chart type falls back to time series (spec §8)', () => {
    expect(parseBookmark({ v: 1, s: [], g: [[[[[], [1, 2], [], 9, 0]]]] }).g[0]![0]![0]![3]).toBe(0);
  });

  it('names every station, each once', () => {
    const b = parseBookmark({
      v: 1,
      s: [3],
      g: [
        [
          [
            [
              [
                [4, [1, 2]],
                [3, [1, 2]],
              ],
              [1, 2],
              [],
              0,
              0,
            ],
          ],
        ],
      ],
    });
    expect(bookmarkStations(b).sort()).toEqual([3, 4]);
  });

  it('refuses an unknown version with its own code', () => {
    for (const v of [2, 0, '1', null, undefined]) {
      const e = codeOf(() => parseBookmark({ v, s: [], g: [] }));
      expect(e.code).toBe('BOOKMARK.VERSION_UNKNOWN');
      expect(e.message).toContain('only version 1');
    }
  });

  it.each([
    ['not JSON', '{v:1', 'bookmark'],
    ['not an object', '[1]', 'bookmark'],
    ['groups not a list', '{"v":1,"g":{},"s":[]}', 'g'],
    ['a viz of 4 elements', '{"v":1,"g":[[[[[],[1,2],[],0]]]],"s":[]}', 'g[0][0][0]'],
    ['a range ending before it starts', '{"v":1,"g":[[[[[],[2,1],[],0,0]]]],"s":[]}', 'g[0][0][0][1]'],
    ['a time that is a string', '{"v":1,"g":[[[[[],["a",1],[],0,0]]]],"s":[]}', 'g[0][0][0][1][0]'],
    ['a fast range of 3 days', '{"v":1,"g":[[[[[],[1,2],[],0,3]]]],"s":[]}', 'g[0][0][0][4]'],
    ['a station id that is negative', '{"v":1,"g":[[[[[[-1,[1,2]]],[1,2],[],0,0]]]],"s":[]}', 'g[0][0][0][0][0][0]'],
    ['a sensor without its module', '{"v":1,"g":[[[[[[1,[2]]],[1,2],[],0,0]]]],"s":[]}', 'g[0][0][0][0][0][1]'],
    ['geo bounds off the Earth', '{"v":1,"g":[[[[[],[1,2],[[0,91],[0,0]],0,0]]]],"s":[]}', 'g[0][0][0][2][0]'],
    ['a station list of strings', '{"v":1,"g":[],"s":["a"]}', 's[0]'],
    ['a context that is a list', '{"v":1,"g":[],"s":[],"c":[]}', 'c'],
    ['a context map that is not a flag', '{"v":1,"g":[],"s":[],"c":{"project":1,"map":"yes"}}', 'c.map'],
  ])('refuses %s, naming the place', (_, text, place) => {
    const e = codeOf(() => decodeBookmark(text));
    expect(e.code).toBe('BOOKMARK.INVALID');
    expect(Object.keys(e.fields ?? {})).toEqual([place]);
  });

  it('refuses too much', () => {
    expect(codeOf(() => decodeBookmark(' '.repeat(40_000))).code).toBe('BOOKMARK.INVALID');
    expect(codeOf(() => parseBookmark({ v: 1, s: [], g: Array.from({ length: 51 }, () => []) })).message).toContain(
      'at most 50 groups',
    );
  });

  // ---- properties ----

  const ms = fc.integer({ min: 0, max: 4_000_000_000_000 });
  const lngLat = fc.tuple(fc.double({ min: -180, max: 180, noNaN: true }), fc.double({ min: -90, max: 90, noNaN: true }));
  const sensorArb = fc.tuple(fc.oneof(fc.nat(), fc.string({ minLength: 1, maxLength: 8 })), fc.nat());
  const vizArb = fc.tuple(
    fc.array(fc.tuple(fc.nat(), sensorArb), { maxLength: 4 }),
    fc.tuple(ms, ms).map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const),
    fc.oneof(fc.constant([] as const), fc.tuple(lngLat, lngLat)),
    fc.constantFrom(...CHART_TYPES),
    fc.constantFrom(...FAST_TIMES),
  );
  const bookmarkArb: fc.Arbitrary<Bookmark> = fc.record({
    v: fc.constant(1 as const),
    g: fc.array(fc.array(fc.array(vizArb, { maxLength: 3 }), { maxLength: 3 }), { maxLength: 3 }),
    s: fc.array(fc.nat(), { maxLength: 5 }),
    p: fc.array(fc.nat(), { maxLength: 3 }),
    c: fc.option(fc.record({ project: fc.option(fc.nat(), { nil: null }), map: fc.boolean() }), { nil: null }),
  });

  it('round-trips: parse(serialize(b)) is b, and serialising is canonical', () => {
    fc.assert(
      fc.property(bookmarkArb, (b) => {
        const text = serializeBookmark(b);
        const back = decodeBookmark(text);
        // -0 is written as 0, the only change
        expect(back).toEqual(JSON.parse(text));
        expect(serializeBookmark(back)).toBe(text);
      }),
    );
  });

  it('the same content in any key order and spacing has the same canonical text', () => {
    fc.assert(
      fc.property(bookmarkArb, (b) => {
        const shuffled = JSON.stringify(
          { c: b.c === null ? null : { map: b.c.map, project: b.c.project }, p: b.p, s: b.s, g: b.g, v: 1 },
          null,
          2,
        );
        expect(canonicalBookmark(shuffled)).toBe(serializeBookmark(decodeBookmark(serializeBookmark(b))));
      }),
    );
  });

  it('never throws anything but a DomainError on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        try {
          parseBookmark(value);
        } catch (e) {
          expect(e).toBeInstanceOf(DomainError);
        }
      }),
    );
  });
});
