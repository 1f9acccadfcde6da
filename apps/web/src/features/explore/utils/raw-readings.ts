import type { Aggregation } from '@/components/charts/buckets';

/** The button beside a chart's summary badge: ask for raw readings, go back to the summary, or none. */
export type RawToggle = 'showRaw' | 'showSummarised' | null;

/**
 * Whether raw readings asked for on a chart still hold: only while its window is short enough for
 * them to be offered. A longer window ends the request, so coming back to a short one shows the
 * summary again rather than raw readings nobody asked for there.
 */
export const rawStillAsked = (asked: boolean, offered: boolean): boolean => asked && offered;

/**
 * The badge's button: 'Show raw readings' for a summarised answer over a window short enough for raw
 * ones; 'Show summarised' only while the answer shown is the raw one asked for (never beside a
 * summary, e.g. while the raw answer loads).
 */
export const rawToggle = (asked: boolean, offered: boolean, shown: Aggregation['kind']): RawToggle => {
  if (!offered) return null;
  if (shown === 'aggregated') return asked ? null : 'showRaw';
  return asked ? 'showSummarised' : null;
};
