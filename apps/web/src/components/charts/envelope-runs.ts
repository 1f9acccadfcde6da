import type { ChartSeries, TimeRange } from './chart-types';

export type Band = ChartSeries['bands'][number];

/**
 * A series' min–max bands inside the window, split where the line breaks (two neighbouring buckets
 * further apart than the sensor's minimumGap and the bucket, as breakAtGaps draws the line): each
 * run is one shaded polygon, so a gap in the data is a gap in the band too.
 */
export const envelopeRuns = (
  s: Pick<ChartSeries, 'bands' | 'bucketSeconds' | 'minimumGapSeconds'>,
  domain: TimeRange,
): Band[][] => {
  const allowedMs = Math.max(s.minimumGapSeconds ?? 0, s.bucketSeconds) * 1000;
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
