import { Module } from '@nestjs/common';
import { SensorsModule } from '../sensors/index.js';
import { BookmarkStore } from './bookmark-store.js';
import { BookmarksController } from './bookmarks.controller.js';
import { SharePreview } from './share-preview/share-preview.js';

/** Saved explore workspaces: content-addressed bookmarks (spec §7 /bookmarks/*) and their share previews. */
@Module({
  imports: [SensorsModule],
  controllers: [BookmarksController],
  providers: [BookmarkStore, SharePreview],
  exports: [SharePreview, BookmarkStore],
})
export class BookmarksModule {}
