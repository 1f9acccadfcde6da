import { describe, expect, it } from '@jest/globals';
import { bandSpan, clampZoom, keyboardZoom } from './brush';
import { envelopeRuns } from './envelope-runs';

describe('the keyboard zoom of a time chart', () => {
  const window = [1_000, 2_000] as const;

  it('zooms in to the middle half, out to twice the span, and moves by a quarter', () => {
    expect(keyboardZoom('+', window)).toEqual([1_250, 1_750]);
    expect(keyboardZoom('=', window)).toEqual([1_250, 1_750]);
    expect(keyboardZoom('-', window)).toEqual([500, 2_500]);
    expect(keyboardZoom('ArrowLeft', window)).toEqual([750, 1_750]);
    expect(keyboardZoom('ArrowRight', window)).toEqual([1_250, 2_250]);
    // Control: any other key is no zoom (Tab must leave the chart).
    expect(keyboardZoom('Tab', window)).toBeNull();
    expect(keyboardZoom('a', window)).toBeNull();
  });

  it('keeps a zoom inside what the group may show, its length kept when it slides back', () => {
    expect(clampZoom([500, 2_500], [0, 1_500])).toEqual([0, 1_500]);
    expect(clampZoom([-100, 400], [0, 1_500])).toEqual([0, 500]);
    expect(clampZoom([1_300, 1_800], [0, 1_500])).toEqual([1_000, 1_500]);
    expect(clampZoom([100, 400], [0, 1_500])).toEqual([100, 400]);
    expect(clampZoom([-100, 400], null)).toEqual([-100, 400]);
  });
});

describe('a drag across bars', () => {
  it('zooms to the bars the selection touches, from the first one’s start to the last one’s end', () => {
    // Four bars of 10 over 400 px (100 px each), with a hole in time between the second and third.
    const starts = [0, 10, 50, 60];
    expect(bandSpan(150, 250, 400, starts, 10)).toEqual([10, 60]);
    expect(bandSpan(0, 400, 400, starts, 10)).toEqual([0, 70]);
    // A selection inside one bar is that bar; one ending on a bar's edge does not take the next.
    expect(bandSpan(210, 220, 400, starts, 10)).toEqual([50, 60]);
    expect(bandSpan(100, 200, 400, starts, 10)).toEqual([10, 20]);
  });
});

describe('envelope runs', () => {
  const band = (x: number) => ({ x, min: x - 1, max: x + 1 });

  it('splits the band where the line breaks: buckets further apart than the reading interval allows and the minimum gap', () => {
    const s = {
      bands: [0, 60, 120, 600, 660].map((t) => band(t * 1000)),
      bucketSeconds: 60,
      minimumGapSeconds: null,
      readingIntervalSeconds: 60,
    };
    expect(envelopeRuns(s, [0, 1_000_000]).map((run) => run.map((b) => b.x / 1000))).toEqual([
      [0, 60, 120],
      [600, 660],
    ]);
    // A sensor whose minimum gap is wider keeps them together.
    expect(envelopeRuns({ ...s, minimumGapSeconds: 600 }, [0, 1_000_000])).toHaveLength(1);
    // As does a series whose readings are normally that far apart; and one read from the bands' own spacing splits.
    expect(envelopeRuns({ ...s, readingIntervalSeconds: 480 }, [0, 1_000_000])).toHaveLength(1);
    expect(envelopeRuns({ ...s, readingIntervalSeconds: null }, [0, 1_000_000])).toHaveLength(2);
  });

  it('keeps only the bands inside the window', () => {
    const s = {
      bands: [0, 60, 120].map((t) => band(t * 1000)),
      bucketSeconds: 60,
      minimumGapSeconds: null,
      readingIntervalSeconds: null,
    };
    expect(
      envelopeRuns(s, [50_000, 130_000])
        .flat()
        .map((b) => b.x),
    ).toEqual([60_000, 120_000]);
  });
});
