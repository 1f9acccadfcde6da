import { describe, expect, it } from '@jest/globals';
import { breakAtGaps } from './gaps';

const MIN = 60_000;

describe('breakAtGaps (lines break at gaps larger than minimumGap and the bucket)', () => {
  it('keeps a line of neighbouring buckets whole', () => {
    const points = [0, 1, 2, 3].map((i) => ({ x: i * 10 * MIN, y: i }));
    expect(breakAtGaps(points, { minimumGapSeconds: 120, bucketSeconds: 600 })).toEqual(points);
  });

  it('breaks where two readings are further apart than both the minimum gap and the bucket', () => {
    const points = [
      { x: 0, y: 1 },
      { x: MIN, y: 2 },
      { x: 30 * MIN, y: 3 },
    ];
    const sut = breakAtGaps(points, { minimumGapSeconds: 600, bucketSeconds: 60 });
    expect(sut).toEqual([
      { x: 0, y: 1 },
      { x: MIN, y: 2 },
      { x: MIN + 10 * MIN, y: null },
      { x: 30 * MIN, y: 3 },
    ]);
  });

  it('uses the bucket when the sensor has no minimum gap, and never breaks at exactly the allowed gap', () => {
    const points = [
      { x: 0, y: 1 },
      { x: 60 * MIN, y: 2 },
      { x: 60 * MIN + 60 * MIN + 1, y: 3 },
    ];
    const sut = breakAtGaps(points, { minimumGapSeconds: null, bucketSeconds: 3600 });
    expect(sut.filter((p) => p.y === null)).toHaveLength(1);
    expect(sut[2]).toEqual({ x: 120 * MIN, y: null });
  });

  it('does not break when a larger bucket covers the sensor minimum gap', () => {
    const points = [
      { x: 0, y: 1 },
      { x: 60 * MIN, y: 2 },
    ];
    expect(breakAtGaps(points, { minimumGapSeconds: 120, bucketSeconds: 3600 })).toEqual(points);
    // Control: the same points with a small bucket do break.
    expect(breakAtGaps(points, { minimumGapSeconds: 120, bucketSeconds: 60 })).toHaveLength(3);
  });
});
