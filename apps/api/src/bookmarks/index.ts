/**
 * Saved explore workspaces. What other features may use (discussions hang comments and data events
 * on a bookmark's token). Another feature imports this folder only through this file.
 */
export { BookmarkStore } from './bookmark-store.js';
export { BookmarksModule } from './bookmarks.module.js';
