import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ExploreView } from '@/features/explore/components/explore-view';

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
  if (pathname === paths.exploreShortBookmark.path) return <ExploreView source={{ kind: 'token', token: search.get('v') }} />;
  if (pathname === paths.exploreExport.path) return <ExploreView source={{ kind: 'token', token: search.get('v') }} exporting />;
  return <ExploreView source={{ kind: 'text', text: params['bookmark'] ?? search.get('bookmark') }} />;
};
