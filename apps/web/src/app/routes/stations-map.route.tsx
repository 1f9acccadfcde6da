import { useLocation, useParams } from 'react-router-dom';
import { parseBounds } from '@/components/map';
import { partner } from '@/config/partner';
import { paths } from '@/config/paths';
import { StationsMapView, type ExploreTarget } from '@/features/maps/components/stations-map-view';
import { parseRouteId } from '@/features/maps/utils/ids';
import { NotFoundView } from '@/features/not-found/components/not-found-view';
import { moduleBookmark } from '@/features/stations/utils/bookmark';
import { StationSummaryPanel } from './station-summary-panel';

/** The explore workspace on the sensor a station's marker shows, over the partner's default quick range. */
const exploreHref = ({ stationId, moduleId, sensorId, dataEnd }: ExploreTarget): string =>
  paths.exploreBookmark.getHref(moduleBookmark({ stationId, moduleId, sensorId, dataEnd, days: partner.defaultQuickRangeDays }));

/**
 * mapAllStations, listAllStations, mapStation (id), mapAllStationsBounds (bounds) and mapStationBounds
 * (id, bounds): one screen, the stations feature's summary in its panel. Bounds that are not valid JSON
 * bounds open the default view; an id that is not a number is a page that does not exist.
 */
export const StationsMapRoute = () => {
  const params = useParams();
  const mode = useLocation().pathname === paths.listAllStations.path ? 'list' : 'map';
  const selectedId = params.id === undefined ? null : parseRouteId(params.id);
  if (params.id !== undefined && selectedId === null) return <NotFoundView />;
  return (
    <StationsMapView
      mode={mode}
      bounds={parseBounds(params.bounds)}
      selectedId={selectedId}
      exploreHref={exploreHref}
      renderSummary={(stationId, onClose) => <StationSummaryPanel stationId={stationId} onClose={onClose} />}
    />
  );
};
