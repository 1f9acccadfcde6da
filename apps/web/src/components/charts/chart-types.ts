import type { TimePoint } from './gaps';

/** A time window, ms since the epoch: from, to. */
export type TimeRange = readonly [number, number];

export type ThresholdBand = { readonly from: number; readonly to: number; readonly color: string; readonly label: string };

/** One line of a chart: its points (a null breaks the line) and, for the range chart, each bucket's min and max. */
export type ChartSeries = {
  readonly id: string;
  /** Sensor · station, in the legend and tooltips. */
  readonly label: string;
  /** The sensor's name alone: an axis title when the sensor has no unit (pH). */
  readonly sensor: string;
  /** The catalogue's sensor key: unitless sensors get an axis each by it. */
  readonly sensorKey: string;
  readonly color: string;
  readonly unit: string;
  readonly aggregation: 'avg' | 'max';
  readonly points: readonly TimePoint[];
  readonly bands: readonly { readonly x: number; readonly min: number; readonly max: number }[];
  /** Whether its buckets summarise several readings: its min–max envelope is drawn under the line (issue 32). */
  readonly envelope: boolean;
  readonly bucketSeconds: number;
  /** The catalogue's minimumGap (seconds): the line never breaks where readings lie closer. */
  readonly minimumGapSeconds: number | null;
  /**
   * The series' normal spacing of readings (seconds; gaps.ts `readingIntervalMs`): the line breaks only
   * where readings lie much further apart, at every bucket size. Null: read from the points' spacing.
   */
  readonly readingIntervalSeconds: number | null;
  readonly thresholds: readonly ThresholdBand[];
};

export type ChartProps = {
  readonly series: readonly ChartSeries[];
  /** The visible window. */
  readonly domain: TimeRange;
  readonly height: number;
  readonly locale: string;
  /** What the chart shows, for assistive technology. */
  readonly label: string;
  /** Histogram and range: a double-click resets the time zoom to all (spec §2). */
  readonly onReset?: () => void;
  /** Time charts: a drag across the chart (or a zoom key) zooms to that span (spec §4). */
  readonly onZoom?: (range: TimeRange) => void;
};

export const CHART_THEME = {
  text: { fontSize: 11, fill: '#333' },
  axis: { legend: { text: { fontSize: 12, fill: '#222' } } },
  grid: { line: { stroke: '#e4e4e4' } },
} as const;
