const DAY_MS = 24 * 60 * 60 * 1000;

const utcDayNumber = (iso: string | null): number | null => {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return Math.floor(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) / DAY_MS);
};

/**
 * Days a project runs. The end day counts in full (spec §9: 'project duration adds one day
 * to its end'), so a project that starts and ends on the same day lasts one day.
 * Null when either date is missing or the end precedes the start.
 */
export const projectDurationInDays = (startTime: string | null, endTime: string | null): number | null => {
  const start = utcDayNumber(startTime);
  const end = utcDayNumber(endTime);
  if (start === null || end === null) return null;
  const days = end + 1 - start;
  return days > 0 ? days : null;
};
