import type { AnalysisResult } from '@groundtruth/contracts';

/** A line to draw from a result: its label, the column it comes from, and its points (x: epoch ms). */
export type ResultLine = {
  readonly id: string;
  readonly label: string;
  readonly column: string;
  readonly points: { x: number; y: number | null }[];
};

export type ResultPlot = {
  readonly time: string;
  readonly lines: readonly ResultLine[];
  readonly domain: readonly [number, number];
  readonly stepSeconds: number;
};

const TIME_TYPE = /^(Nullable\()?(LowCardinality\()?(Date|Date32|DateTime|DateTime64)\b/;
const NUMBER_TYPE = /^(Nullable\()?(U?Int\d+|Float\d+|Decimal)/;
/** At most this many lines: more are unreadable on one chart. */
export const MAX_LINES = 12;
/** The explore charts draw at most three axes. */
const MAX_VALUE_COLUMNS = 3;

/** ClickHouse's JSON times are UTC ("2025-06-01", "2025-06-01 00:00:00", "… 00:00:00.000"). */
export const parseTime = (value: unknown): number | null => {
  if (typeof value !== 'string') return null;
  const iso = value.length === 10 ? `${value}T00:00:00Z` : `${value.replace(' ', 'T')}Z`;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
};

const toNumber = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
};

/**
 * How to chart a result, or null when it has no time column or no numeric one: time on x, one line
 * per numeric column (up to three) and per value of the key columns (`…_id` or text), so the monthly
 * means of several stations draw one line a station.
 */
export const resultPlot = (result: AnalysisResult): ResultPlot | null => {
  const time = result.meta.find((c) => TIME_TYPE.test(c.type));
  if (!time) return null;
  const keys = result.meta.filter((c) => c !== time && (c.name.endsWith('_id') || /String/.test(c.type)));
  const values = result.meta
    .filter((c) => c !== time && !keys.includes(c) && NUMBER_TYPE.test(c.type))
    .slice(0, MAX_VALUE_COLUMNS);
  if (values.length === 0) return null;
  const lines = new Map<string, ResultLine>();
  let min = Infinity;
  let max = -Infinity;
  for (const row of result.data) {
    const x = parseTime(row[time.name]);
    if (x === null) continue;
    min = Math.min(min, x);
    max = Math.max(max, x);
    const key = keys.map((k) => `${k.name} ${String(row[k.name])}`).join(' · ');
    for (const column of values) {
      const id = `${column.name}|${key}`;
      let line = lines.get(id);
      if (!line) {
        if (lines.size >= MAX_LINES) continue;
        line = { id, label: key ? `${column.name} · ${key}` : column.name, column: column.name, points: [] };
        lines.set(id, line);
      }
      line.points.push({ x, y: toNumber(row[column.name]) });
    }
  }
  if (lines.size === 0) return null;
  const all = [...lines.values()];
  for (const line of all) line.points.sort((a, b) => a.x - b.x);
  const steps = all
    .flatMap((l) => l.points.slice(1).map((p, i) => p.x - l.points[i]!.x))
    .filter((d) => d > 0)
    .sort((a, b) => a - b);
  const stepMs = steps[Math.floor(steps.length / 2)] ?? 60_000;
  return {
    time: time.name,
    lines: all,
    domain: [min, max === min ? min + stepMs : max],
    stepSeconds: Math.max(1, Math.round(stepMs / 1000)),
  };
};
