import type { QueryClient } from '@tanstack/react-query';
import { worthAskingAgain } from '@/lib/query-client';
import { sensorsMetaQueryOptions } from './get-sensors-meta';
import { stationQueryOptions } from './get-station';
import { stationProjectsQueryOptions } from './get-station-projects';
import { stationTailQueryOptions } from './get-station-tail';

/**
 * What the station page shows first, asked for while its code loads (the route's loader), not once
 * each part has rendered: the station, the sensor catalogue, the tiny charts' tail (one batched call)
 * and its projects all leave together, and the tiny chart's code with them. Before, the page asked
 * for the station after its code had run, and the rest after the station had come (bench:explore-web).
 */
export const prefetchStationPage = (queryClient: QueryClient, stationId: number): void => {
  const station = stationQueryOptions(stationId);
  // A station that answered 403 or 404 answers the same again: the page says so without asking.
  if (!worthAskingAgain(queryClient, station.queryKey)) return;
  void queryClient.prefetchQuery(station);
  void queryClient.prefetchQuery(sensorsMetaQueryOptions());
  void queryClient.prefetchQuery(stationTailQueryOptions(stationId));
  void queryClient.prefetchQuery(stationProjectsQueryOptions(stationId));
  import('@/components/tiny-chart').catch(() => undefined);
};
