import { partner } from '@/config/partner';
import { opensOnMap } from './map-routes';

/** The map's code (MapLibre, about 1 MB), asked for now; a failure shows where the map is shown. */
export const preloadMap = (): void => {
  import('@/components/map/map-canvas').catch(() => undefined);
};

// Opened on a map's address, the map's chunk starts loading as the app's first module runs: before the
// rest of the app has run, the router has started and the session is checked (the first markers wait
// for it; bench:maps). main.tsx imports this module first.
if (opensOnMap(window.location.pathname, partner.fixedProjectId)) preloadMap();
