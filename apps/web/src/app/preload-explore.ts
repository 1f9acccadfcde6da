import { paths } from '@/config/paths';
import { bookmarkQueryOptions } from '@/features/explore/api/bookmarks';
import { earlyQueryClient } from '@/lib/query-client';
import { workspaceLinkOf } from './explore-link';
import { routePattern } from './route-pattern';

const explorePaths = [paths.exploreShortBookmark, paths.exploreExport, paths.exploreBookmark, paths.exploreBookmarkOld].map(
  (route) => routePattern(route.path),
);
const oldForm = routePattern(paths.exploreBookmarkOld.path);

/** Whether `pathname` opens the explore workspace (its three routes). */
const opensOnExplore = (pathname: string): boolean => explorePaths.some((route) => route.test(pathname));

// Opened on a workspace's address, the workspace's code and its first data (the bookmark, then its
// charts' data, stations and the sensor catalogue) are asked for as the app's first module runs, into
// the cache the app starts with: not once the rest of the app has run and the router has started
// (bench:explore-web). The router's lazy route and loader find them loaded or on their way; a failure
// is theirs to tell. main.tsx imports this module first.
const url = new URL(window.location.href);
if (opensOnExplore(url.pathname)) {
  import('./routes/explore.route').catch(() => undefined);
  const segment = oldForm.test(url.pathname) ? url.pathname.split('/').pop() : undefined;
  let pathBookmark: string | undefined;
  try {
    pathBookmark = segment === undefined ? undefined : decodeURIComponent(segment);
  } catch {
    pathBookmark = undefined; // a malformed address: the workspace tells
  }
  const link = workspaceLinkOf(url, pathBookmark);
  const queryClient = earlyQueryClient();
  if (link && 'token' in link) void queryClient.prefetchQuery(bookmarkQueryOptions(link.token));
  void import('@/features/explore/api/prefetch-workspace')
    .then(({ prefetchWorkspace }) => (link ? prefetchWorkspace(queryClient, link) : undefined))
    .catch(() => undefined);
}
