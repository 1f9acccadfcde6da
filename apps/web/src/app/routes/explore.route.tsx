import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ExploreView } from '@/features/explore/components/explore-view';

/**
 * exploreBookmark (/dashboard/explore?bookmark=…, and the old /dashboard/explore/{bookmark}) and
 * exploreShortBookmark (/viz?v={token}): one component for all three, so the workspace stays as it is
 * when its publishing moves the address from one form to another.
 */
export const ExploreRoute = () => {
  const [search] = useSearchParams();
  const params = useParams();
  const { pathname } = useLocation();
  if (pathname === paths.exploreShortBookmark.path) return <ExploreView source={{ kind: 'token', token: search.get('v') }} />;
  return <ExploreView source={{ kind: 'text', text: params['bookmark'] ?? search.get('bookmark') }} />;
};
