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
