import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { bookmarkQueryKey, saveBookmark } from '../api/bookmarks';
import type { Bookmark } from '@groundtruth/domain';

/**
 * Publishing a workspace (spec §2, §4): store its bookmark and replace the address with /viz?v={token}.
 * When storing fails the address carries the bookmark itself, so a reload or a copied link still opens
 * the same workspace. Saves run one after another; only the newest state's address is kept.
 * `shortHref` makes the stored bookmark's address: /viz/export?v= keeps its export panel that way.
 */
export const usePublishBookmark = (shortHref: (token: string) => string = paths.exploreShortBookmark.getHref) => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const latest = useRef(0);
  return useCallback(
    (bookmark: Bookmark) => {
      const mine = ++latest.current;
      void saveBookmark(bookmark)
        .then((token) => {
          queryClient.setQueryData(bookmarkQueryKey(token), bookmark);
          const href = shortHref(token);
          // Opened from its own link, the workspace stores the bookmark it was opened with: the address is
          // already the one it would get, and replacing it would run the route's loaders and render the whole
          // page again while the first chart is being drawn (bench:explore-web).
          const here = `${window.location.pathname}${window.location.search}`;
          if (mine === latest.current && href !== here) void navigate(href, { replace: true });
        })
        .catch((error: unknown) => {
          console.error('The bookmark could not be stored:', error);
          if (mine === latest.current) void navigate(paths.exploreBookmark.getHref(bookmark), { replace: true });
        });
    },
    [navigate, queryClient, shortHref],
  );
};
