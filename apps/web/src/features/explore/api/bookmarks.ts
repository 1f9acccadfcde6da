import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { readBookmark, type Bookmark } from '../utils/bookmark';

/*
 * POST /bookmarks/save and GET /bookmarks/resolve?v= (spec §7), built on branch s14-explore-api.
 * Until its contracts are merged these calls use its paths and shapes (the bookmark as the JSON body;
 * answers { token, url, bookmark }) with a local answer schema;
 * the workspace works without them (it keeps the long ?bookmark= address when saving fails).
 */

const Saved = z.object({ token: z.string().min(1) }).loose();
const Resolved = z.object({ bookmark: z.union([z.string(), z.record(z.string(), z.unknown())]) }).loose();

/** Stores a bookmark; answers its short token (the same token for the same content). */
export const saveBookmark = async (bookmark: Bookmark): Promise<string> =>
  (await apiClient.post('/bookmarks/save', Saved, { body: bookmark })).token;

/** The bookmark a short token names. */
export const resolveBookmark = async (token: string, signal?: AbortSignal): Promise<Bookmark> => {
  const answer = await apiClient.get('/bookmarks/resolve', Resolved, { query: { v: token }, ...(signal ? { signal } : {}) });
  return readBookmark(answer.bookmark);
};

export const bookmarkQueryKey = (token: string) => ['bookmark', token] as const;
