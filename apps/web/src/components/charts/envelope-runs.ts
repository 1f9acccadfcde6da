import type { ChartSeries, TimeRange } from './chart-types';
import { allowedGapMs, readingIntervalMs } from './gaps';

export type Band = ChartSeries['bands'][number];

/**
 * A series' min–max bands inside the window, split where the line breaks (two neighbouring buckets
 * further apart than `allowedGapMs`, as breakAtGaps draws the line): each run is one shaded polygon,
 * so a gap in the data is a gap in the band too.
 */
export const envelopeRuns = (
  s: Pick<ChartSeries, 'bands' | 'bucketSeconds' | 'minimumGapSeconds' | 'readingIntervalSeconds'>,
  domain: TimeRange,
): Band[][] => {
  const spacing =
    s.readingIntervalSeconds === null
      ? readingIntervalMs(
          s.bands.map((b) => ({ x: b.x, samples: 1 })),
          1,
        )
      : null;
  const allowedMs = allowedGapMs(s, spacing);
  const runs: Band[][] = [];
  let run: Band[] = [];
  for (const b of s.bands) {
    if (b.x < domain[0] || b.x > domain[1]) continue;
    const previous = run[run.length - 1];
    if (previous !== undefined && b.x - previous.x > allowedMs) {
      runs.push(run);
      run = [];
    }
    run.push(b);
  }
  if (run.length > 0) runs.push(run);
  return runs;
};

/** An SVG polygon's points for one run: along the maxima, back along the minima (a lone bucket is a short bar). */
export const envelopePoints = (run: readonly Band[], x: (t: number) => number, y: (v: number) => number): string => {
  if (run.length === 1) {
    const [b] = run as [Band];
    const cx = x(b.x);
    return [`${cx - 1},${y(b.max)}`, `${cx + 1},${y(b.max)}`, `${cx + 1},${y(b.min)}`, `${cx - 1},${y(b.min)}`].join(' ');
  }
  const top = run.map((b) => `${x(b.x)},${y(b.max)}`);
  const bottom = run.map((b) => `${x(b.x)},${y(b.min)}`).reverse();
  return [...top, ...bottom].join(' ');
};
