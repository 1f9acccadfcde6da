import { MISSING } from '@/lib/format';

const pad = (n: number): string => String(n).padStart(2, '0');

const parse = (iso: string | number | null | undefined): Date | null => {
  if (iso === null || iso === undefined || iso === '') return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A moment as M/D/YYYY in the visitor's time zone (spec §9), or '--'. */
export const formatLocalDate = (iso: string | number | null | undefined): string => {
  const date = parse(iso);
  return date ? `${date.getMonth() + 1}/${date.getDate()}/${date.getFullYear()}` : MISSING;
};

/** A moment as M/D/YYYY HH:mm:ss in the visitor's time zone (spec §9), or '--'. */
export const formatDateTime = (iso: string | number | null | undefined): string => {
  const date = parse(iso);
  if (!date) return MISSING;
  return `${formatLocalDate(iso)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
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

/** Spec §9 battery icon buckets. */
export const BATTERY_BUCKETS = [0, 20, 40, 60, 80, 100] as const;
export type BatteryBucket = (typeof BATTERY_BUCKETS)[number];

/** The bucket nearest to the charge (ties go up); null when the charge is unknown. */
export const batteryBucket = (percent: number | null | undefined): BatteryBucket | null => {
  if (!finite(percent)) return null;
  const clamped = Math.min(100, Math.max(0, percent));
  return BATTERY_BUCKETS.reduce((best, b) => (Math.abs(clamped - b) <= Math.abs(clamped - best) ? b : best));
};
