import type { Request } from 'express';
import { BookmarkResolveQuery, firstAnswerKey, routes } from '@groundtruth/contracts';
import { savedBookmark, type BookmarkStore } from './bookmark-store.js';

/** The workspace's short link (spec §2 /viz?v=), and its export page, which opens the same way. */
const BY_TOKEN = new Set(['/viz', '/viz/export']);

/**
 * What a page opened at /viz?v={token} asks first, answered inside the page the server sends
 * (apps/api/src/web/web-app.ts): the bookmark, exactly as GET /api/bookmarks/resolve?v= answers it.
 * That answer is the same for every caller (a token is all it takes), so writing it into the page
 * gives nobody anything more than the API would; what the bookmark names (stations, data) is still
 * asked of the API by the caller, under their own permissions. An unknown or malformed token writes
 * nothing: the workspace asks and tells, as before.
 */
export const bookmarkFirstAnswers =
  (store: BookmarkStore) =>
  async (req: Request): Promise<Record<string, unknown> | null> => {
    if (!BY_TOKEN.has(req.path)) return null;
    const parsed = BookmarkResolveQuery.safeParse({ v: req.query['v'] });
    if (!parsed.success) return null;
    const token = parsed.data.v;
    const content = await store.resolve(token);
    if (content === null) return null;
    return {
      [firstAnswerKey(routes.bookmarkResolve, { v: token })]: savedBookmark(token, content),
    };
  };
