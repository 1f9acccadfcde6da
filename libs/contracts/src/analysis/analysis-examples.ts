/** Queries a researcher can start from: shown on the analysis page and in docs/analysis.md. */
export type AnalysisExample = {
  readonly key: 'monthlyMeans' | 'daysOverThreshold' | 'correlation' | 'completeness';
  readonly sql: string;
};

export const ANALYSIS_EXAMPLES: readonly AnalysisExample[] = [
  {
    key: 'monthlyMeans',
    sql: `-- Monthly mean of every sensor of every station you may read
SELECT station_id, sensor_id, toStartOfMonth(bucket) AS month,
       sum(value_sum) / sum(value_count) AS mean,
       sum(value_count) AS readings
FROM readings_1d
GROUP BY station_id, sensor_id, month
ORDER BY station_id, sensor_id, month`,
  },
  {
    key: 'daysOverThreshold',
    sql: `-- Days when a sensor went over a threshold (water depth, sensor 70, over 10 inches)
SELECT toDate(bucket) AS day, station_id, max(value_max) AS highest
FROM readings_1d
WHERE sensor_id = 70
GROUP BY day, station_id
HAVING highest > 10
ORDER BY day, station_id`,
  },
  {
    key: 'correlation',
    sql: `-- Correlation of hourly means of one sensor (70) between every two stations
WITH hourly AS (
  SELECT station_id, bucket, sum(value_sum) / sum(value_count) AS mean
  FROM readings_1h
  WHERE sensor_id = 70
  GROUP BY station_id, bucket
)
SELECT a.station_id AS station_a, b.station_id AS station_b,
       corr(a.mean, b.mean) AS correlation, count() AS hours
FROM hourly AS a
INNER JOIN hourly AS b ON a.bucket = b.bucket
WHERE a.station_id < b.station_id
GROUP BY station_a, station_b
ORDER BY correlation DESC`,
  },
  {
    key: 'completeness',
    sql: `-- Data completeness per station per day: the share of its 144 ten-minute buckets holding readings
SELECT toDate(bucket) AS day, station_id,
       uniqExact(bucket) AS buckets_with_data,
       round(100 * uniqExact(bucket) / 144, 1) AS percent_complete
FROM readings_10m
GROUP BY day, station_id
ORDER BY day, station_id`,
  },
];
