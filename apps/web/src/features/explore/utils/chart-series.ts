import type { SensorDataColumns, SensorDataRow, SensorsMeta } from '@groundtruth/contracts';
import type { ChartSeries, ThresholdBand } from '@/components/charts/chart-types';
import { readingIntervalMs } from '@/components/charts/gaps';
import { partner } from '@/config/partner';
import { sensorTitle, splitSeries, toPoints, type MetaSensor } from './series';
import type { SeriesRef } from './workspace';

/** Spec §9 series colours: primary, secondary, then a few more for series asked for beyond two. */
export const SERIES_COLOURS = [partner.colours.primary, partner.colours.secondary, '#d45087', '#f95d6a', '#665191'];

const thresholdBands = (
  levels: NonNullable<SensorsMeta['modules'][number]['sensors'][number]['viz'][number]['thresholds']>['levels'],
  locale: string,
): ThresholdBand[] =>
  levels
    .filter((l) => !l.hidden)
    .map((l) => ({
      from: l.start,
      to: l.value,
      color: l.color,
      label: l.plainLabel[locale.toLowerCase()] ?? l.plainLabel['en-us'] ?? '',
    }));

/** A sensor's visible threshold levels as bands, labelled in the locale. */
export const thresholdsOf = (vizMeta: MetaSensor['viz'][number] | undefined, locale: string): ThresholdBand[] =>
  vizMeta?.thresholds ? thresholdBands(vizMeta.thresholds.levels, locale) : [];

/** A series' normal spacing of readings (s) from its buckets; null when its buckets cannot tell. */
const intervalSeconds = (rows: readonly SensorDataRow[], bucketSeconds: number): number | null => {
  const ms = readingIntervalMs(
    rows.map((r) => ({ x: r.time, samples: r.samples })),
    bucketSeconds * 1000,
  );
  return ms === null ? null : ms / 1000;
};

/** The chart's series from the data's answer, named, coloured and described by the sensors' catalogue. */
export const chartSeriesOf = (
  answer: SensorDataColumns | undefined,
  series: readonly SeriesRef[],
  {
    labels,
    seriesMeta,
    sensorKeys,
    locale,
  }: {
    readonly labels: readonly string[];
    readonly seriesMeta: readonly (MetaSensor | undefined)[];
    readonly sensorKeys: readonly string[];
    readonly locale: string;
  },
): ChartSeries[] =>
  splitSeries(answer, series).map(({ rows }, i) => {
    const m = seriesMeta[i];
    const vizMeta = m?.viz[0];
    return {
      id: labels[i] ?? `${i}`,
      label: labels[i] ?? '',
      sensor: sensorTitle(m, locale, `#${series[i]?.sensorId ?? ''}`),
      sensorKey: sensorKeys[i] ?? '',
      color: SERIES_COLOURS[i % SERIES_COLOURS.length]!,
      unit: m?.unitOfMeasure ?? '',
      aggregation: m?.aggregation ?? 'avg',
      points: toPoints(rows),
      bands: rows.flatMap((r) => (r.min === null || r.max === null ? [] : [{ x: r.time, min: r.min, max: r.max }])),
      // Buckets of several readings: their envelope is drawn, and the badge says so.
      envelope: rows.some((r) => r.samples > 1),
      bucketSeconds: answer?.bucketSize ?? 60,
      minimumGapSeconds: vizMeta?.minimumGap ?? null,
      readingIntervalSeconds: intervalSeconds(rows, answer?.bucketSize ?? 60),
      thresholds: thresholdsOf(vizMeta, locale),
    };
  });
