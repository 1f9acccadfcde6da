import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ChartEventsContext } from '@/components/charts/chart-event-layer';
import { DataEventChartLayer } from '@/features/discussions/components/data-event-chart-layer';
import { DiscussionPanel } from '@/features/discussions/components/discussion-panel';
import { ExploreView } from '@/features/explore/components/explore-view';
import type { DiscussionScope } from '@/features/explore/utils/discussion-scope';

/**
 * The workspace's discussion, tied to its stored bookmark: the short token the workspace publishes
 * to the address as soon as it opens (spec §2), so the same workspace finds the same comments.
 */
const discussionFor = (token: string | null) =>
  token ? (scope: DiscussionScope) => <DiscussionPanel place={{ bookmark: token }} scope={scope} /> : undefined;

/**
 * exploreBookmark (/dashboard/explore?bookmark=…, and the old /dashboard/explore/{bookmark}) and
 * exploreShortBookmark (/viz?v={token}), and exploreExport (/viz/export?v={token}, the same with the
 * export panel open; secured): one component for all four, so the workspace stays as it is
 * when its publishing moves the address from one form to another.
 */
export const ExploreRoute = () => {
  const [search] = useSearchParams();
  const params = useParams();
  const { pathname } = useLocation();
  const token = search.get('v');
  let view;
  if (pathname === paths.exploreShortBookmark.path)
    view = <ExploreView source={{ kind: 'token', token }} discussion={discussionFor(token)} />;
  else if (pathname === paths.exploreExport.path)
    view = <ExploreView source={{ kind: 'token', token }} exporting discussion={discussionFor(token)} />;
  else view = <ExploreView source={{ kind: 'text', text: params['bookmark'] ?? search.get('bookmark') }} />;
  // Every chart draws the data events of its sensors (spec §2).
  return <ChartEventsContext.Provider value={DataEventChartLayer}>{view}</ChartEventsContext.Provider>;
};
