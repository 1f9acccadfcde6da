import { prefetchStationPage } from '@/features/stations/api/prefetch-station-page';
import { earlyQueryClient } from '@/lib/query-client';
import { stationPageId } from './station-routes';

// Opened on a station page, its first data (the station, the catalogue, the tiny charts' tail, its
// projects) is asked for as the app's first module runs, into the cache the app starts with, instead of
// once the rest of the app has run and the router's loader has started (bench:explore-web: the page
// waited for the whole entry script before asking). The loader asks again and finds them on their way.
// main.tsx imports this module first.
const stationId = stationPageId(window.location.pathname);
if (stationId !== null) {
  import('./routes/station.route').catch(() => undefined);
  prefetchStationPage(earlyQueryClient(), stationId);
}
