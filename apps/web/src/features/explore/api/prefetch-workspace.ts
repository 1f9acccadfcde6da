import type { QueryClient } from '@tanstack/react-query';
import { decodeBookmark, type Bookmark } from '@groundtruth/domain';
import { worthAskingAgain } from '@/lib/query-client';
import { preloadChartCode } from '@/components/charts/chart-code';
import { MOBILE_MEDIA_QUERY, workspaceFromBookmark } from '../utils/workspace';
import { bookmarkQueryOptions } from './bookmarks';
import { CHART_RESOLUTION, RANGE_RESOLUTION } from '@/components/charts/buckets';
import { chartDataQueryOptions, vizChartRequest } from './get-chart-data';
import { exploreSensorsMetaQueryOptions } from './get-sensors-meta';
import { exploreProjectStationsQueryOptions, exploreStationQueryOptions } from './get-station';

/** A workspace link: a short one names a stored bookmark, a long one carries it. */
export type WorkspaceLink = { readonly token: string } | { readonly text: string };

/**
 * What a workspace asks the API first (its charts' data, its stations, the sensor catalogue), asked
 * by the route's loader as soon as the bookmark is known, while the workspace's JavaScript still
 * loads and runs: opened from a link, the data no longer waits for the page's code (bench:explore-web).
 * Its charts' code is asked for then too, so the first chart's render finds it here.
 * Under the keys the workspace reads them by, and only what the cache has never held: the
 * workspace's own address changes (each action publishes its bookmark) come through here too, and
 * must not refresh what it already shows. A map chart's data needs its stations' places: it is left
 * to the chart. A bad bookmark is left to the workspace to tell.
 */
export const prefetchWorkspace = async (queryClient: QueryClient, link: WorkspaceLink): Promise<void> => {
  // The sensor catalogue does not depend on the bookmark: asked beside it, not after it.
  const catalogue = queryClient.ensureQueryData(exploreSensorsMetaQueryOptions()).catch(() => undefined);
  let bookmark: Bookmark;
  try {
    if ('token' in link) {
      // A token already refused (the route's own prefetch may have had its 404) is not asked again.
      const options = bookmarkQueryOptions(link.token);
      if (!worthAskingAgain(queryClient, options.queryKey)) return;
      bookmark = await queryClient.ensureQueryData(options);
    } else bookmark = decodeBookmark(link.text);
  } catch {
    return;
  }
  const ws = workspaceFromBookmark(bookmark);
  // A 4xx already had (a station not there) would answer the same: the publishing's address change
  // comes through here, and asked again it was a second 404 for each such chart and station.
  const mobile = window.matchMedia(MOBILE_MEDIA_QUERY).matches;
  const asked: Promise<unknown>[] = [catalogue];
  for (const viz of ws.groups.flatMap((g) => g.vizes)) {
    if (viz.chartType === 'map') continue;
    const data = chartDataQueryOptions(
      vizChartRequest(viz, mobile, viz.chartType === 'range' ? RANGE_RESOLUTION : CHART_RESOLUTION),
    );
    if (worthAskingAgain(queryClient, data.queryKey)) asked.push(queryClient.ensureQueryData(data));
    preloadChartCode(viz.chartType);
  }
  for (const id of ws.stations) {
    const station = exploreStationQueryOptions(id);
    if (worthAskingAgain(queryClient, station.queryKey)) asked.push(queryClient.ensureQueryData(station));
  }
  for (const id of ws.projects) asked.push(queryClient.ensureQueryData(exploreProjectStationsQueryOptions(id)));
  // Failures are the workspace's to show: its own queries ask again.
  await Promise.allSettled(asked);
};
