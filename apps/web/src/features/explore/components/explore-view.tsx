import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, useRef, type ComponentProps } from 'react';
import { decodeBookmark, isDomainError, serializeBookmark, type Bookmark } from '@groundtruth/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { LoadingBlock } from '@/components/loading-block';
import { paths } from '@/config/paths';
import { worthAskingAgain } from '@/lib/query-client';
import { bookmarkQueryOptions } from '../api/bookmarks';
import { usePublishBookmark } from '../hooks/use-publish-bookmark';
import { backTarget } from '../utils/back-target';
import { mountFor, published, type WorkspaceMount } from '../utils/workspace-mount';
import { ExploreWorkspace } from './explore-workspace';

// Loaded when the workspace shows its panels, after the first chart (the workspace holds the Suspense).
const SharePanel = lazy(async () => ({ default: (await import('./share-panel')).SharePanel }));

/** Where the workspace's bookmark comes from: the long forms carry it, the short one names a stored one. */
export type BookmarkSource =
  { readonly kind: 'text'; readonly text: string | null } | { readonly kind: 'token'; readonly token: string | null };

/** Why there is no workspace to show: no bookmark, or one the codec refused (spec §8). */
class BadBookmark {
  constructor(readonly why: string) {}
}

const readText = (text: string | null): Bookmark | BadBookmark => {
  if (text === null || text.trim() === '') return new BadBookmark('No bookmark.');
  try {
    return decodeBookmark(text);
  } catch (error) {
    if (isDomainError(error)) return new BadBookmark(error.message);
    throw error;
  }
};

/**
 * The address a share sends: a stored bookmark's preview page (/viz/share?v=, whose tags and chart
 * image link previews show, and which opens the workspace), else the address as it is.
 */
const shareUrl = (pathname: string, search: string): string => {
  const byToken = pathname === paths.exploreShortBookmark.path || pathname === paths.exploreExport.path;
  const token = byToken ? new URLSearchParams(search).get('v') : null;
  return token
    ? `${window.location.origin}${paths.exploreShare.getHref(token)}`
    : `${window.location.origin}${pathname}${search}`;
};

/**
 * The explore routes (spec §2): /dashboard/explore?bookmark=…, /dashboard/explore/{bookmark},
 * /viz?v={token} and /viz/export?v={token}. The workspace stays mounted while its own publishing rewrites the address; another
 * bookmark (a pasted link) opens a fresh one.
 */
export const ExploreView = ({
  source,
  exporting = false,
  discussion,
}: {
  readonly source: BookmarkSource;
  /** /viz/export?v=: the workspace opens with its export panel, and its address keeps that form. */
  readonly exporting?: boolean;
  /** The workspace's comments and data events, drawn by the app (another feature's). */
  readonly discussion?: ComponentProps<typeof ExploreWorkspace>['discussion'];
}) => {
  const { t } = useTranslation();
  const publish = usePublishBookmark(exporting ? paths.exploreExport.getHref : paths.exploreShortBookmark.getHref);
  const location = useLocation();
  const token = source.kind === 'token' ? source.token : null;
  const queryClient = useQueryClient();
  const bookmarkQuery = bookmarkQueryOptions(token ?? '');
  const resolved = useQuery({
    ...bookmarkQuery,
    enabled: token !== null && token !== '',
    // A token the route's prefetch already had refused (4xx) is told, not asked again on mount.
    retryOnMount: worthAskingAgain(queryClient, bookmarkQuery.queryKey),
  });

  const mounted = useRef<WorkspaceMount | null>(null);

  let bookmark: Bookmark | BadBookmark | null;
  if (source.kind === 'text') bookmark = readText(source.text);
  else if (token === null || token === '') bookmark = new BadBookmark('No token.');
  else if (resolved.isPending) bookmark = null;
  else if (resolved.isError) {
    // Spec §8: a bad bookmark token is logged (and the visitor told).
    console.error('The bookmark could not be resolved:', resolved.error);
    bookmark = new BadBookmark(String(resolved.error));
  } else bookmark = resolved.data;

  if (bookmark === null) {
    return (
      <Box sx={{ p: 2 }}>
        <LoadingBlock label={t('explore.loading')}>
          <Skeleton variant="rectangular" height={360} />
        </LoadingBlock>
      </Box>
    );
  }
  if (bookmark instanceof BadBookmark) {
    return (
      <Box sx={{ p: 2 }}>
        <Alert
          severity="warning"
          data-testid="explore-bad-bookmark"
          action={
            // Where the workspace's back button leads without a project (spec §2): the stations map.
            <Button component={RouterLink} to={backTarget(null).href} color="inherit" size="small">
              {t(backTarget(null).label)}
            </Button>
          }
        >
          {t('explore.badBookmark')}
        </Alert>
      </Box>
    );
  }

  // Our own publishing moves the address through bookmarks the workspace has shown, possibly several
  // steps behind it: those keep the workspace; only a bookmark it never published opens a fresh one.
  mounted.current = mountFor(mounted.current, serializeBookmark(bookmark));

  return (
    <ExploreWorkspace
      key={mounted.current.key}
      bookmark={bookmark}
      exporting={exporting}
      discussion={discussion}
      actions={<SharePanel url={shareUrl(location.pathname, location.search)} />}
      onPublish={(next) => {
        if (mounted.current) mounted.current = published(mounted.current, serializeBookmark(next));
        publish(next);
      }}
    />
  );
};
