import { Module } from '@nestjs/common';
import { BookmarkStore } from './bookmark-store.js';
import { BookmarksController } from './bookmarks.controller.js';

/** Saved explore workspaces: content-addressed bookmarks (spec §7 /bookmarks/*). */
@Module({ controllers: [BookmarksController], providers: [BookmarkStore] })
export class BookmarksModule {}
