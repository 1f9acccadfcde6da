import { bookmarkRoutes } from '@groundtruth/contracts';
import { queryOptions } from '@tanstack/react-query';
import { decodeBookmark, type Bookmark } from '@groundtruth/domain';
import { callRoute } from '@/lib/call-route';
import { takeFirstAnswer } from '@/lib/first-answers';

/** POST /bookmarks/save (spec §7): stores a bookmark and answers its short token (the same token for the same content). */
export const saveBookmark = async (bookmark: Bookmark): Promise<string> =>
  (await callRoute(bookmarkRoutes.bookmarkSave, { body: bookmark as unknown as Record<string, unknown> })).token;

/**
 * GET /bookmarks/resolve?v=: the bookmark a short token names, read with the domain codec. A page
 * opened at /viz?v= carries it already (the server wrote the same answer into the page): then no call.
 */
export const resolveBookmark = async (token: string, signal?: AbortSignal): Promise<Bookmark> => {
  const answer =
    takeFirstAnswer(bookmarkRoutes.bookmarkResolve, { v: token }) ??
    (await callRoute(bookmarkRoutes.bookmarkResolve, { query: { v: token }, ...(signal ? { signal } : {}) }));
  return decodeBookmark(answer.bookmark);
};

export const bookmarkQueryKey = (token: string) => ['bookmark', token] as const;

/** A short link's bookmark: stored once, so never stale; a bad token is told at once, not retried. */
export const bookmarkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: bookmarkQueryKey(token),
    queryFn: ({ signal }) => resolveBookmark(token, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
