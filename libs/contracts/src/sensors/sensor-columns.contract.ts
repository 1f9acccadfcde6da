import { z } from 'zod';
import { asRecorded, shortestFloat32 } from '@groundtruth/domain';
import { SensorData, type SensorDataRow } from './sensors.contract.js';

/**
 * The compact, columnar form of `GET /sensors/data` (issue 14 item 7), asked for with
 * `Accept: application/vnd.groundtruth.columns+json` or `format=columns`. One entry per station
 * module sensor, each a set of equally long columns. A bucket's time is implied: `start +
 * index × bucketSize s`, where `index` lists each entry's bucket, and is absent when entry k is
 * bucket k (every bucket present, as with `complete=true`). Values are printed at the precision
 * they were recorded: a float32 reading with the shortest decimal that reads back as the same
 * float32 (and a bucket's mean of float32 readings likewise), never 17 digits. A series whose value
 * is its mean (most sensors) leaves `value` out rather than send `avg` twice.
 */
export const COLUMNS_MEDIA_TYPE = 'application/vnd.groundtruth.columns+json';

const cells = z.array(z.number().nullable());

export const SensorDataSeries = z
  .object({
    stationId: z.number().int(),
    moduleId: z.number().int(),
    sensorId: z.number().int(),
    index: z
      .array(z.number().int().min(0))
      .optional()
      .meta({ description: "Each entry's bucket (time = start + index × bucketSize s); absent when entry k is bucket k" }),
    value: cells.optional().meta({
      description:
        "The sensor's aggregation over the bucket (max for flood depth and tide, else the mean); absent when it is the mean in every bucket: read `avg`",
    }),
    avg: cells,
    min: cells,
    max: cells,
    last: cells,
    samples: z.array(z.number().int()).meta({ description: 'Readings in the bucket (0 for a filled empty bucket)' }),
  })
  .meta({ id: 'SensorDataSeries' });
export type SensorDataSeries = z.infer<typeof SensorDataSeries>;

export const SensorDataColumns = z
  .object({
    format: z.literal('columns'),
    series: z.array(SensorDataSeries),
    bucketSize: SensorData.shape.bucketSize,
    bucketSamples: SensorData.shape.bucketSamples,
    dataEnd: SensorData.shape.dataEnd,
    aggregate: SensorData.shape.aggregate,
    start: SensorData.shape.start,
    end: SensorData.shape.end,
  })
  .meta({ id: 'SensorDataColumns', description: `${COLUMNS_MEDIA_TYPE}: the chart answer by series and column` });
export type SensorDataColumns = z.infer<typeof SensorDataColumns>;

const recorded = (v: number | null): number | null => (v === null ? null : asRecorded(v));

/** A bucket's mean at its readings' precision: float32 when its min and max were float32 readings. */
const mean = (row: SensorDataRow, v: number | null): number | null => {
  if (v === null) return null;
  const float32 = row.min !== null && row.max !== null && Math.fround(row.min) === row.min && Math.fround(row.max) === row.max;
  return float32 ? shortestFloat32(v) : v;
};

/** The row form as columns; rows of a series keep their order (the row form's, by time). */
export const toColumns = (answer: SensorData): SensorDataColumns => {
  const bucketMs = answer.bucketSize * 1000;
  type Entry = { series: SensorDataSeries & { value: (number | null)[] }; index: number[]; dense: boolean; valueIsAvg: boolean };
  const bySeries = new Map<string, Entry>();
  for (const row of answer.data) {
    const key = `${row.stationId}/${row.moduleId}/${row.sensorId}`;
    let entry = bySeries.get(key);
    if (!entry) {
      entry = {
        series: {
          stationId: row.stationId,
          moduleId: row.moduleId,
          sensorId: row.sensorId,
          value: [],
          avg: [],
          min: [],
          max: [],
          last: [],
          samples: [],
        },
        index: [],
        dense: true,
        valueIsAvg: true,
      };
      bySeries.set(key, entry);
    }
    const offset = row.time - answer.start;
    const index = bucketMs > 0 ? offset / bucketMs : Number.NaN;
    if (!Number.isInteger(index) || index < 0) {
      throw new Error(`Row time ${row.time} is not on the bucket grid of ${answer.start} + k × ${bucketMs} ms`);
    }
    if (index !== entry.index.length) entry.dense = false;
    entry.index.push(index);
    const s = entry.series;
    const avg = mean(row, row.avg);
    s.avg.push(avg);
    // The value of most sensors is their mean: made once, and sent once when it is so in every bucket.
    const isMean = row.value === row.avg;
    if (!isMean) entry.valueIsAvg = false;
    s.value.push(isMean ? avg : recorded(row.value));
    s.min.push(recorded(row.min));
    s.max.push(recorded(row.max));
    s.last.push(recorded(row.last));
    s.samples.push(row.samples);
  }
  return {
    format: 'columns',
    series: [...bySeries.values()].map(({ series, index, dense, valueIsAvg }) => {
      const { value: _value, ...withoutValue } = series;
      return { ...(valueIsAvg ? withoutValue : series), ...(dense ? {} : { index }) };
    }),
    bucketSize: answer.bucketSize,
    bucketSamples: answer.bucketSamples,
    dataEnd: answer.dataEnd,
    aggregate: answer.aggregate,
    start: answer.start,
    end: answer.end,
  };
};

/** A series' values: its own column, or its means when it left that out (its value is its mean). */
export const valuesOf = (series: SensorDataSeries): readonly (number | null)[] => series.value ?? series.avg;

/** Rows of the columnar form, ordered as the row form orders them (by series, then time). */
export const fromColumns = (answer: SensorDataColumns): SensorData => {
  const bucketMs = answer.bucketSize * 1000;
  const data: SensorDataRow[] = [];
  for (const s of answer.series) {
    const values = valuesOf(s);
    for (let k = 0; k < s.samples.length; k++) {
      data.push({
        time: answer.start + (s.index ? s.index[k]! : k) * bucketMs,
        stationId: s.stationId,
        moduleId: s.moduleId,
        sensorId: s.sensorId,
        value: values[k] ?? null,
        avg: s.avg[k] ?? null,
        min: s.min[k] ?? null,
        max: s.max[k] ?? null,
        last: s.last[k] ?? null,
        samples: s.samples[k]!,
      });
    }
  }
  return {
    data,
    bucketSize: answer.bucketSize,
    bucketSamples: answer.bucketSamples,
    dataEnd: answer.dataEnd,
    aggregate: answer.aggregate,
    start: answer.start,
    end: answer.end,
  };
};
