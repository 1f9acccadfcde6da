import type { SensorDataColumns } from '@groundtruth/contracts';
import { allowedGapMs, readingIntervalMs } from '@/components/charts/gaps';
import { isSeries } from './series';
import type { SeriesRef, TimeRange, Viz } from './workspace';

/** The overview's drawing width (SVG user units), stretched to the scrubber's. */
export const OVERVIEW_WIDTH = 1000;

/** One series of the overview, drawn in a box of `width` × `height` (SVG user units). */
export type OverviewPaths = {
  /** Which series: `station-module-sensor`. */
  readonly id: string;
  /** The min–max envelope, one closed polygon path per run of buckets without a gap. */
  readonly band: string;
  /** The buckets' values (mean, or maximum for depth), broken at gaps. */
  readonly line: string;
};

/**
 * The series the overview draws for a group: every series of its charts that draw time (a map chart
 * has none), each once, in the charts' order. A group of one chart asks what its 'All' range asks.
 */
export const overviewSeries = (vizes: readonly Pick<Viz, 'series' | 'chartType'>[]): SeriesRef[] => {
  const seen = new Set<string>();
  return vizes
    .filter((v) => v.chartType !== 'map')
    .flatMap((v) => v.series)
    .filter((ref) => {
      const key = `${ref.stationId}-${String(ref.moduleId)}-${ref.sensorId}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
};

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Each series of an answer as overview paths over `domain`: its own value range scaled to the strip's
 * height (series of different units share the strip, each readable on its own), runs broken where
 * readings are missing (the charts' own rule, components/charts/gaps.ts), so the gaps in the data show
 * as gaps. With `only`, just the answer's series those name (an answer asked for several charts'
 * stations and sensors at once also holds their other pairings).
 */
export const overviewPaths = (
  answer: SensorDataColumns | undefined,
  domain: TimeRange,
  width: number,
  height: number,
  only?: readonly SeriesRef[],
): OverviewPaths[] => {
  if (!answer) return [];
  const bucketMs = answer.bucketSize * 1000;
  const span = Math.max(1, domain[1] - domain[0]);
  const pad = 3;
  const named = (s: SensorDataColumns['series'][number]) => !only || only.some((ref) => isSeries(s, ref));
  return answer.series.filter(named).flatMap((s) => {
    const values = s.value ?? s.avg;
    const rows = s.samples.flatMap((n, k) => {
      const min = s.min[k];
      const max = s.max[k];
      const value = values[k];
      if (n === 0 || min == null || max == null || value == null) return [];
      const index = s.index?.[k] ?? k;
      // At the middle of its bucket: a bucket of days drawn where its readings are.
      return [{ t: answer.start + index * bucketMs + bucketMs / 2, n, min, max, value }];
    });
    if (rows.length === 0) return [];
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (const r of rows) {
      if (r.min < lo) lo = r.min;
      if (r.max > hi) hi = r.max;
    }
    const range = hi - lo || 1;
    const x = (t: number) => round(((t - domain[0]) / span) * width);
    const y = (v: number) => round(height - pad - ((v - lo) / range) * (height - 2 * pad));
    const allowedMs = allowedGapMs(
      { minimumGapSeconds: null, bucketSeconds: answer.bucketSize, readingIntervalSeconds: null },
      readingIntervalMs(
        rows.map((r) => ({ x: r.t, samples: r.n })),
        bucketMs,
      ),
    );
    const runs: (typeof rows)[] = [];
    for (const r of rows) {
      const run = runs[runs.length - 1];
      const previous = run?.[run.length - 1];
      if (run && previous && r.t - previous.t <= allowedMs) run.push(r);
      else runs.push([r]);
    }
    const band = runs
      .map((run) => {
        const top = run.map((r, i) => `${i === 0 ? 'M' : 'L'}${x(r.t)} ${y(r.max)}`);
        const bottom = [...run].reverse().map((r) => `L${x(r.t)} ${y(r.min)}`);
        return `${top.join('')}${bottom.join('')}Z`;
      })
      .join('');
    const line = runs.map((run) => run.map((r, i) => `${i === 0 ? 'M' : 'L'}${x(r.t)} ${y(r.value)}`).join('')).join('');
    return [{ id: `${s.stationId}-${s.moduleId}-${s.sensorId}`, band, line }];
  });
};
