import i18n from 'i18next';

/** Shown for a missing value (spec §9: 'N/A or -- for missing'). */
export const MISSING = '--';

/*
 * Dates, times and numbers go through i18next's formatter (its built-in `datetime` and `number`
 * formats, Intl underneath), in the language the app shows: spec §9's M/D/YYYY and HH:mm:ss in
 * English, D/M/YYYY and a decimal comma in Spanish. The same formats serve `{{value, number}}` in
 * the catalogues' strings.
 */
const language = (): string => i18n.resolvedLanguage ?? i18n.language ?? 'en-US';

const format = (value: Date | number, name: 'datetime' | 'number', options: Record<string, unknown>, lng = language()) => {
  const formatter = i18n.services?.formatter;
  if (!formatter) throw new Error('i18next is not initialised: call initI18n() first');
  return String(formatter.format(value, name, lng, options));
};

const DAY = { year: 'numeric', month: 'numeric', day: 'numeric' } as const;
const TIME = { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' } as const;
const TIME_OF_DAY = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

/**
 * A calendar date as M/D/YYYY (D/M/YYYY in Spanish; spec §9), read in UTC: project dates are whole
 * days stored as midnight UTC, and reading them in local time would show the previous day west of Greenwich.
 */
export const formatDate = (iso: string | null | undefined): string => {
  if (!iso) return MISSING;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return MISSING;
  return format(date, 'datetime', { ...DAY, timeZone: 'UTC' });
};

const parseMoment = (value: string | number | null | undefined): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A moment's day as M/D/YYYY (D/M/YYYY in Spanish) in the visitor's time zone (spec §9), or '--'. */
export const formatLocalDate = (value: string | number | null | undefined): string => {
  const date = parseMoment(value);
  return date ? format(date, 'datetime', DAY) : MISSING;
};

/** A moment as M/D/YYYY HH:mm:ss (D/M/YYYY in Spanish) in the visitor's time zone (spec §9), or '--'. */
export const formatDateTime = (value: string | number | null | undefined): string => {
  const date = parseMoment(value);
  if (!date) return MISSING;
  return `${format(date, 'datetime', DAY)} ${format(date, 'datetime', TIME)}`;
};

/** A moment's time of day, HH:mm, in the visitor's time zone, or '--'. */
export const formatTimeOfDay = (value: string | number | null | undefined): string => {
  const date = parseMoment(value);
  return date ? format(date, 'datetime', TIME_OF_DAY) : MISSING;
};

/** A moment on a chart's time range: short month, day and time of day (e.g. "Nov 24, 14:05", "24 nov, 14:05"). */
export const formatChartTime = (ms: number, lng?: string): string =>
  format(new Date(ms), 'datetime', { month: 'short', day: 'numeric', ...TIME_OF_DAY }, lng);

const finite = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

const fixed = (n: number, decimals: number, lng?: string): string =>
  format(
    Object.is(n, -0) || Number(n.toFixed(decimals)) === 0 ? 0 : n,
    'number',
    {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: false,
    },
    lng,
  );

/** Units that are words, in the catalogues under `units` (the others, °C or kPa, read the same everywhere). */
const WORD_UNITS = ['inches', 'bytes', 'km/hr'] as const;
type WordUnit = (typeof WORD_UNITS)[number];
const isWordUnit = (unit: string): unit is WordUnit => (WORD_UNITS as readonly string[]).includes(unit);

/** A unit as the app's language writes it ("inches" is "pulgadas" in Spanish). */
export const formatUnit = (unit: string, lng?: string): string =>
  isWordUnit(unit) ? i18n.t(`units.${unit}`, { lng: lng ?? language(), defaultValue: unit }) : unit;

/** Latitude or longitude to 3 decimals (spec §9). Always with a point: coordinates are copied into other tools. */
export const formatCoordinate = (n: number | null | undefined): string => (finite(n) ? n.toFixed(3) : MISSING);

/** A reading to 1 decimal (spec §9) in the language's digits, with its unit when it has one. */
export const formatReading = (n: number | null | undefined, unit = ''): string => {
  if (!finite(n)) return MISSING;
  const value = fixed(n, 1);
  return unit ? `${value} ${formatUnit(unit)}` : value;
};

/** A y tick: fixed decimals in the language's digits, then the unit. */
export const formatTick = (value: number, decimals: number, unit: string, lng?: string): string => {
  const n = fixed(value, decimals, lng);
  return unit ? `${n} ${formatUnit(unit, lng)}` : n;
};

/** Battery as a rounded percentage (spec §9). */
export const formatBattery = (percent: number | null | undefined): string =>
  finite(percent) ? `${Math.round(Math.min(100, Math.max(0, percent)))}%` : MISSING;
