import { paths } from '@/config/paths';

/** A route's path as a pattern: each `:param` one segment (React Router's matchPath would add to every page's JavaScript). */
const pattern = (path: string): RegExp => new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}/?$`);

/** The addresses that open on a big map: the all-stations map and a project's. */
const mapPatterns = [
  paths.mapAllStations,
  paths.mapAllStationsBounds,
  paths.mapStation,
  paths.mapStationBounds,
  paths.viewProjectBigMap,
].map((route) => pattern(route.path));

/**
 * Whether `pathname` opens on a big map; in flood mode (a fixed project) the root is one too. The
 * stations list has the address shape of one station's map, and no map.
 */
export const opensOnMap = (pathname: string, fixedProjectId: number | null): boolean =>
  (fixedProjectId !== null && pathname === paths.root.path) ||
  (pathname !== paths.listAllStations.path && mapPatterns.some((route) => route.test(pathname)));
