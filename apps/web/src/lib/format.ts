/** Shown for a missing value (spec §9: 'N/A or -- for missing'). */
export const MISSING = '--';

/**
 * A calendar date as M/D/YYYY (spec §9), read in UTC: project dates are whole days stored
 * as midnight UTC, and reading them in local time would show the previous day west of Greenwich.
 */
export const formatDate = (iso: string | null | undefined): string => {
  if (!iso) return MISSING;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return MISSING;
  return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`;
};

const pad = (n: number): string => String(n).padStart(2, '0');

const parseMoment = (value: string | number | null | undefined): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A moment's day as M/D/YYYY in the visitor's time zone (spec §9), or '--'. */
export const formatLocalDate = (value: string | number | null | undefined): string => {
  const date = parseMoment(value);
  return date ? `${date.getMonth() + 1}/${date.getDate()}/${date.getFullYear()}` : MISSING;
};

/** A moment as M/D/YYYY HH:mm:ss in the visitor's time zone (spec §9), or '--'. */
export const formatDateTime = (value: string | number | null | undefined): string => {
  const date = parseMoment(value);
  if (!date) return MISSING;
  return `${formatLocalDate(value)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
};

const finite = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

/** Latitude or longitude to 3 decimals (spec §9). */
export const formatCoordinate = (n: number | null | undefined): string => (finite(n) ? n.toFixed(3) : MISSING);

/** A reading to 1 decimal (spec §9), with its unit when it has one. */
export const formatReading = (n: number | null | undefined, unit = ''): string => {
  if (!finite(n)) return MISSING;
  const value = n.toFixed(1) === '-0.0' ? '0.0' : n.toFixed(1);
  return unit ? `${value} ${unit}` : value;
};

/** Battery as a rounded percentage (spec §9). */
export const formatBattery = (percent: number | null | undefined): string =>
  finite(percent) ? `${Math.round(Math.min(100, Math.max(0, percent)))}%` : MISSING;

/** A moment on a chart's time range: short month, day and time of day in the locale (e.g. "Nov 24, 14:05"). */
export const formatChartTime = (ms: number, locale: string): string =>
  new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false }).format(
    new Date(ms),
  );

/** A y tick: fixed decimals in the locale's digits, then the unit. */
export const formatTick = (value: number, decimals: number, unit: string, locale: string): string => {
  const n = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
    Object.is(value, -0) ? 0 : value,
  );
  return unit ? `${n} ${unit}` : n;
};
