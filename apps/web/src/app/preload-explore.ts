import { paths } from '@/config/paths';

const explorePaths = [paths.exploreShortBookmark.path, paths.exploreBookmark.path];
const oldExplorePath = new RegExp(`^${paths.exploreBookmarkOld.path.replace(/:[^/]+/g, '[^/]+')}/?$`);

/** Whether `pathname` opens the explore workspace (its three routes). */
const opensOnExplore = (pathname: string): boolean =>
  explorePaths.some((path) => pathname === path || pathname === `${path}/`) || oldExplorePath.test(pathname);

// Opened on a workspace's address, the workspace's code and its prefetch are asked for as the app's
// first module runs, not once the rest of the app has run and the router has started: they arrive
// while the entry runs (bench:explore-web). The router's lazy route and loader import the same modules
// and find them loaded or on their way; a failure is theirs to tell. main.tsx imports this module first.
if (opensOnExplore(window.location.pathname)) {
  import('./routes/explore.route').catch(() => undefined);
  import('@/features/explore/api/prefetch-workspace').catch(() => undefined);
}
