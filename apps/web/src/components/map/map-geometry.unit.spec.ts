import { describe, expect, it } from '@jest/globals';
import {
  MAP_CONSTANTS,
  boundsAround,
  boundsAroundCenter,
  boundsKey,
  containsPosition,
  defaultBounds,
  parseBounds,
  type Bounds,
} from './map-geometry';

const close = (actual: Bounds, expected: Bounds) => {
  for (let corner = 0; corner < 2; corner++) {
    for (let axis = 0; axis < 2; axis++) expect(actual[corner]![axis]).toBeCloseTo(expected[corner]![axis]!, 9);
  }
};

describe('boundsAround', () => {
  it('answers null when there are no positions', () => {
    expect(boundsAround([])).toBeNull();
  });

  it('keeps 1,000 units around a single station (spec §9)', () => {
    const sut = boundsAround([[-73.9, 40.6]]);
    close(sut!, [
      [-73.9 - 1000 / 288_200, 40.6 - 1000 / 364_000],
      [-73.9 + 1000 / 288_200, 40.6 + 1000 / 364_000],
    ]);
  });

  it('treats stations at one place as a single point', () => {
    const sut = boundsAround([
      [10, 20],
      [10, 20],
    ]);
    expect(sut![1][0] - sut![0][0]).toBeCloseTo((2 * MAP_CONSTANTS.singlePointMargin) / MAP_CONSTANTS.longitudeFactor, 9);
  });

  it('keeps 50,000 times the largest span around several stations', () => {
    const sut = boundsAround([
      [-74, 40.5],
      [-73.8, 41],
    ]);
    const margin = 0.5 * 50_000; // the latitude span (0.5°) is the larger
    close(sut!, [
      [-74 - margin / 288_200, 40.5 - margin / 364_000],
      [-73.8 + margin / 288_200, 41 + margin / 364_000],
    ]);
  });

  it('skips positions that are not on the globe', () => {
    expect(boundsAround([[500, 20] as const, [Number.NaN, 1] as const])).toBeNull();
  });

  it('never leaves the globe', () => {
    const sut = boundsAround([
      [-179.9, -84],
      [179.9, 84],
    ])!;
    expect(sut[0][0]).toBe(-180);
    expect(sut[1][0]).toBe(180);
    expect(sut[0][1]).toBe(-85);
    expect(sut[1][1]).toBe(85);
  });
});

describe('default bounds', () => {
  it('keeps the default margin around the default centre', () => {
    const sut = defaultBounds();
    expect(sut).toEqual(boundsAroundCenter([-118.1, 34.2], MAP_CONSTANTS.defaultMargin));
    expect(sut[1][1] - sut[0][1]).toBeCloseTo((2 * 10_000) / 364_000, 9);
  });
});

describe('containsPosition', () => {
  const nyc: Bounds = [
    [-74.3, 40.4],
    [-73.6, 41],
  ];

  it('answers true inside and on the edges, false outside', () => {
    expect(containsPosition(nyc, [-74, 40.7])).toBe(true);
    expect(containsPosition(nyc, [-74.3, 41])).toBe(true);
    expect(containsPosition(nyc, [-75, 40.7])).toBe(false);
    expect(containsPosition(nyc, [-74, 41.2])).toBe(false);
  });

  it('handles bounds across the antimeridian', () => {
    const pacific: Bounds = [
      [170, -20],
      [-170, 20],
    ];
    expect(containsPosition(pacific, [175, 0])).toBe(true);
    expect(containsPosition(pacific, [-175, 0])).toBe(true);
    expect(containsPosition(pacific, [0, 0])).toBe(false);
  });
});

describe('parseBounds', () => {
  it('reads the JSON of a bounds route', () => {
    expect(parseBounds('[[-74.1,40.6],[-73.7,42.8]]')).toEqual([
      [-74.1, 40.6],
      [-73.7, 42.8],
    ]);
  });

  it.each([
    ['nothing', ''],
    ['not JSON', 'abc'],
    ['a number', '12'],
    ['one corner', '[[1,2]]'],
    ['text in a corner', '[["a",2],[3,4]]'],
    ['a latitude off the globe', '[[1,-91],[2,3]]'],
    ['a longitude off the globe', '[[1,2],[181,3]]'],
    ['south above north', '[[1,10],[2,5]]'],
    ['three numbers in a corner', '[[1,2,3],[4,5]]'],
  ])('answers null for %s', (_, text) => {
    expect(parseBounds(text)).toBeNull();
  });
});

describe('boundsKey', () => {
  it('is the same for bounds that differ below a micro-degree', () => {
    expect(
      boundsKey([
        [1.0000001, 2],
        [3, 4],
      ]),
    ).toBe(
      boundsKey([
        [1.0000002, 2],
        [3, 4],
      ]),
    );
  });
});
