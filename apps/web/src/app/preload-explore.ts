import { paths } from '@/config/paths';
import { routePattern } from './route-pattern';

const explorePaths = [paths.exploreShortBookmark, paths.exploreExport, paths.exploreBookmark, paths.exploreBookmarkOld].map(
  (route) => routePattern(route.path),
);

/** Whether `pathname` opens the explore workspace (its three routes). */
const opensOnExplore = (pathname: string): boolean => explorePaths.some((route) => route.test(pathname));

// Opened on a workspace's address, the workspace's code and its prefetch are asked for as the app's
// first module runs, not once the rest of the app has run and the router has started: they arrive
// while the entry runs (bench:explore-web). The router's lazy route and loader import the same modules
// and find them loaded or on their way; a failure is theirs to tell. main.tsx imports this module first.
if (opensOnExplore(window.location.pathname)) {
  import('./routes/explore.route').catch(() => undefined);
  import('@/features/explore/api/prefetch-workspace').catch(() => undefined);
}
