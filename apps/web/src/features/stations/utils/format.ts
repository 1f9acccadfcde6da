/** Spec §9 battery icon buckets. */
export const BATTERY_BUCKETS = [0, 20, 40, 60, 80, 100] as const;
export type BatteryBucket = (typeof BATTERY_BUCKETS)[number];

const finite = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

/** The bucket nearest to the charge (ties go up); null when the charge is unknown. */
export const batteryBucket = (percent: number | null | undefined): BatteryBucket | null => {
  if (!finite(percent)) return null;
  const clamped = Math.min(100, Math.max(0, percent));
  return BATTERY_BUCKETS.reduce((best, b) => (Math.abs(clamped - b) <= Math.abs(clamped - best) ? b : best));
};
