import { Controller, Res } from '@nestjs/common';
import {
  routes,
  type BookmarkResolveQuery,
  type BookmarkSaveBody,
  type BookmarkSaveQuery,
  type SavedBookmark,
} from '@groundtruth/contracts';
import { decodeBookmark, DomainError, parseBookmark, serializeBookmark } from '@groundtruth/domain';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
import type { Response } from 'express';
import { BookmarkStore } from './bookmark-store.js';
import { SharePreview } from './share-preview/share-preview.js';

const saved = (token: string, bookmark: string): SavedBookmark => ({ token, url: `/viz?v=${token}`, bookmark });

@Controller()
export class BookmarksController {
  constructor(
    private readonly store: BookmarkStore,
    private readonly preview: SharePreview,
  ) {}

  @ApiRoute(routes.bookmarkSave)
  async save(@Input('query') query: BookmarkSaveQuery, @Input('body') body: BookmarkSaveBody): Promise<SavedBookmark> {
    const hasBody = Object.keys(body).length > 0;
    if (query.bookmark !== undefined && hasBody) {
      throw DomainError.validation('BOOKMARK.TWICE', { bookmark: 'Send the bookmark in the query or the body, not both.' });
    }
    if (query.bookmark === undefined && !hasBody) {
      throw DomainError.validation('BOOKMARK.MISSING', { bookmark: 'Send the bookmark as ?bookmark= or as the JSON body.' });
    }
    const bookmark = query.bookmark !== undefined ? decodeBookmark(query.bookmark) : parseBookmark(body);
    const canonical = serializeBookmark(bookmark);
    return saved(await this.store.save(canonical), canonical);
  }

  @ApiRoute(routes.bookmarkResolve)
  async resolve(@Input('query') query: BookmarkResolveQuery): Promise<SavedBookmark> {
    const content = await this.store.resolve(query.v);
    if (content === null) throw new DomainError('not_found', 'BOOKMARK.NOT_FOUND', 'No bookmark has this token.');
    return saved(query.v, content);
  }

  @ApiRoute(routes.bookmarkPreview)
  async previewImage(@Input('query') query: BookmarkResolveQuery, @Res() res: Response): Promise<void> {
    const png = await this.preview.image(query.v);
    // A token's bookmark never changes; its data may, so previews keep the picture an hour at most.
    res.status(200).type('png').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(png);
  }
}
