import { paths } from '@/config/paths';
import { parseRouteId } from '@/features/maps/utils/ids';
import { routePattern } from './route-pattern';

/** The station page's addresses (within a project, on its own, its history). */
const stationPages = [paths.viewStation, paths.viewStationFromMap, paths.stationHistory].map((route) => routePattern(route.path));

/** The station a station page's address names, or null for any other address (the map on a station is not one). */
export const stationPageId = (pathname: string): number | null => {
  if (!stationPages.some((route) => route.test(pathname))) return null;
  const match = /\/station\/([^/]+)/.exec(pathname);
  return match?.[1] === undefined ? null : parseRouteId(match[1]);
};
