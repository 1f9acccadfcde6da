import { partner } from '@/config/partner';
import { preloadAllMapStations } from '@/features/maps/api/get-map-stations';
import { tokenStore } from '@/lib/auth/token';
import { opensOnAllStationsMap, opensOnMap } from './map-routes';

/** The map's code (MapLibre, about 1 MB), asked for now; a failure shows where the map is shown. */
export const preloadMap = (): void => {
  import('@/components/map/map-canvas').catch(() => undefined);
};

// Opened on a map's address, the map's chunk (and on the all-stations map, the stations) is asked for
// as the app's first module runs: before the rest of the app has run, the router has started and the
// session is checked (the first markers wait for both; bench:maps). main.tsx imports this module first.
const { pathname } = window.location;
if (opensOnMap(pathname, partner.fixedProjectId)) {
  preloadMap();
  if (opensOnAllStationsMap(pathname)) preloadAllMapStations(tokenStore.get() !== null);
}
