import { route } from '../http/route.js';
import { BookmarkResolveQuery, BookmarkSaveBody, BookmarkSaveQuery, SavedBookmark } from './bookmarks.contract.js';

/** Saved explore workspaces (spec §7 /bookmarks/*). */
export const bookmarkRoutes = {
  bookmarkSave: route({
    method: 'post',
    path: '/bookmarks/save',
    summary:
      'Stores a bookmark (in `?bookmark=` as JSON text, or as the JSON body) and answers its short token; the same content always answers the same token and is stored once',
    tags: ['bookmarks'],
    auth: 'optional',
    query: BookmarkSaveQuery,
    body: BookmarkSaveBody,
    response: SavedBookmark,
    errors: {
      400: 'Not a bookmark (BOOKMARK.INVALID, naming the bad place), an unknown version (BOOKMARK.VERSION_UNKNOWN), or longer than BOOKMARK_MAX_CHARS (BOOKMARK.TOO_LARGE)',
      429: 'Too many saves this hour by this person, or from this address without signing in (BOOKMARK.TOO_MANY_SAVES); Retry-After says when',
    },
  }),
  bookmarkResolve: route({
    method: 'get',
    path: '/bookmarks/resolve',
    summary: 'The bookmark saved under a token',
    tags: ['bookmarks'],
    auth: 'optional',
    query: BookmarkResolveQuery,
    response: SavedBookmark,
    errors: { 400: 'Not a bookmark token', 404: 'No bookmark has this token (BOOKMARK.NOT_FOUND)' },
  }),
  bookmarkPreview: route({
    method: 'get',
    path: '/bookmarks/preview',
    summary:
      "A 1200×630 PNG of the bookmark's first chart, drawn by the server for link previews (the og:image of /viz/share?v=); a workspace over a station that is not public shows no name and no data",
    tags: ['bookmarks'],
    auth: 'none',
    query: BookmarkResolveQuery,
    errors: { 400: 'Not a bookmark token', 404: 'No bookmark has this token (BOOKMARK.NOT_FOUND)' },
  }),
} as const;
