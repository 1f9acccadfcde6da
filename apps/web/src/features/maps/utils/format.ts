import { MISSING } from '@/lib/format';

const pad = (n: number): string => String(n).padStart(2, '0');

const finite = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

/** A reading to 1 decimal (spec §9), with its unit when it has one; '--' when missing. */
export const formatReading = (n: number | null | undefined, unit = ''): string => {
  if (!finite(n)) return MISSING;
  const text = n.toFixed(1) === '-0.0' ? '0.0' : n.toFixed(1);
  return unit ? `${text} ${unit}` : text;
};

/** A moment as M/D/YYYY HH:mm:ss in the visitor's time zone (spec §9), or '--'. */
export const formatMoment = (value: string | number | null | undefined): string => {
  if (value === null || value === undefined || value === '') return MISSING;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return MISSING;
  return `${date.getMonth() + 1}/${date.getDate()}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
};

/** Battery as a rounded percent (spec §9), '--' when unknown. */
export const formatBattery = (percent: number | null | undefined): string =>
  finite(percent) ? `${Math.round(Math.min(100, Math.max(0, percent)))}%` : MISSING;
