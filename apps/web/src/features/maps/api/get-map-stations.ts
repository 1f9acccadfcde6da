import { MapStationsColumns, mapStationsFromColumns, projectRoutes, stationRoutes } from '@groundtruth/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { roundBounds, type Bounds } from '@/components/map';
import { partner } from '@/config/partner';
import { callRoute } from '@/lib/call-route';

/** The recent window of the partner (72 h; 1 h in flood mode), in hours. */
export const recentHours = (): number => Math.max(...partner.recentWindows);

/** The answer's stations as rows; one function, so the rows are made once per answer rather than per render. */
const stationsOf = (data: MapStationsColumns) => mapStationsFromColumns(data).stations;

/** The compact columns form: a tenth of the rows' field names to download, parse and check for 10,000 stations. */
const getMapStations = (hours: number, projectId?: number, bbox?: string, signal?: AbortSignal) =>
  callRoute(stationRoutes.mapStations, {
    ...(signal ? { signal } : {}),
    schema: MapStationsColumns,
    query: {
      format: 'columns',
      recentHours: hours,
      ...(projectId !== undefined ? { project: projectId } : {}),
      ...(bbox !== undefined ? { bbox } : {}),
    },
  });

const EARLY_KEPT_MS = 30_000;

/** An answer asked for before the app's query cache existed (preloadAllMapStations), by query key; taken once. */
const early = new Map<string, Promise<MapStationsColumns>>();

/**
 * GET /stations/map: every station the visitor may see (signed in or not), with its primary sensor's
 * latest reading and its highest in the recent window; one project's when `projectId` is given.
 */
export const mapStationsQueryOptions = (signedIn: boolean, projectId?: number, bbox?: string) => {
  const hours = recentHours();
  return queryOptions({
    queryKey: ['map-stations', signedIn ? 'signed-in' : 'anonymous', projectId ?? 'all', hours, bbox ?? 'world'] as const,
    queryFn: ({ signal, queryKey }) => {
      const key = JSON.stringify(queryKey);
      const asked = early.get(key);
      early.delete(key);
      return asked ?? getMapStations(hours, projectId, bbox, signal);
    },
    staleTime: 60_000,
  });
};

/**
 * Every station, asked for as the app's first module runs on the all-stations map's address (app/preload-map.ts),
 * before the router and its loader have started; the map's first query takes the answer. A failure
 * there is asked again as any failed query is.
 */
export const preloadAllMapStations = (signedIn: boolean): void => {
  const key = JSON.stringify(mapStationsQueryOptions(signedIn).queryKey);
  const asked = getMapStations(recentHours());
  asked.catch(() => undefined);
  early.set(key, asked);
  // Not taken soon (the guard sent the visitor elsewhere): a later visit asks afresh.
  setTimeout(() => early.delete(key), EARLY_KEPT_MS);
};

export const useMapStations = (signedIn: boolean, projectId?: number) =>
  useQuery({ ...mapStationsQueryOptions(signedIn, projectId), select: stationsOf, refetchInterval: 5 * 60_000 });

/**
 * The stations inside bounds (the list's "only the visible map area"), bounded by the server on the
 * location the visitor may see, as the map places them; off (no call) when `bounds` is null.
 */
export const useMapStationsIn = (signedIn: boolean, bounds: Bounds | null) => {
  const box = bounds && roundBounds(bounds);
  const bbox = box ? [box[0][0], box[0][1], box[1][0], box[1][1]].join(',') : undefined;
  return useQuery({ ...mapStationsQueryOptions(signedIn, undefined, bbox), select: stationsOf, enabled: bbox !== undefined });
};

/** GET /projects/{id}; the same cache entry as the project page's. */
export const mapProjectQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: ['projects', projectId] as const,
    queryFn: ({ signal }) => callRoute(projectRoutes.getProject, { params: { id: projectId }, signal }),
  });

export const useMapProject = (projectId: number) => useQuery(mapProjectQueryOptions(projectId));

/** GET /stations/{id}: the station a link opened, wherever it is; the same cache entry as the station summary's. */
export const useMapStation = (stationId: number | null) =>
  useQuery({
    queryKey: ['station', stationId ?? 0] as const,
    queryFn: ({ signal }) => callRoute(stationRoutes.getStation, { params: { id: stationId }, signal }),
    enabled: stationId !== null,
  });
