import { IdParam } from '@groundtruth/contracts';

/** An id from the route, or null when it is not a plain positive number (spec §5: ids must be numeric). */
export const parseRouteId = (raw: string | undefined): number | null => {
  if (raw === undefined || !/^\d+$/.test(raw)) return null;
  const parsed = IdParam.safeParse(raw);
  return parsed.success ? parsed.data : null;
};
