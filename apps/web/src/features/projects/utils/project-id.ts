import { IdParam } from '@groundtruth/contracts';

/**
 * The project id from the route, or null when it is not a plain positive number
 * (spec §5: ids for loads must be numeric; '1e3' or '0x10' are not ids even if a number parser accepts them).
 */
export const parseProjectId = (raw: string | undefined): number | null => {
  if (raw === undefined || !/^\d+$/.test(raw)) return null;
  const parsed = IdParam.safeParse(raw);
  return parsed.success ? parsed.data : null;
};
