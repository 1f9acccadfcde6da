import { paths } from '@/config/paths';
import { routePattern as pattern } from './route-pattern';

const allStationsMaps = [paths.mapAllStations, paths.mapAllStationsBounds, paths.mapStation, paths.mapStationBounds].map(
  (route) => pattern(route.path),
);
const projectMap = pattern(paths.viewProjectBigMap.path);

/**
 * Whether `pathname` opens the all-stations map (on its own, on a station, or on bounds). The stations
 * list has the address shape of one station's map, and no map.
 */
export const opensOnAllStationsMap = (pathname: string): boolean =>
  pathname !== paths.listAllStations.path && allStationsMaps.some((route) => route.test(pathname));

/** Whether `pathname` opens on a big map: the all-stations map, a project's, or in flood mode (a fixed project) the root. */
export const opensOnMap = (pathname: string, fixedProjectId: number | null): boolean =>
  (fixedProjectId !== null && pathname === paths.root.path) || opensOnAllStationsMap(pathname) || projectMap.test(pathname);
