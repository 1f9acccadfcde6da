import { Controller, Inject, Req, Res } from '@nestjs/common';
import {
  routes,
  type BookmarkResolveQuery,
  type BookmarkSaveBody,
  type BookmarkSaveQuery,
  type SavedBookmark,
} from '@groundtruth/contracts';
import { decodeBookmark, DomainError, parseBookmark, serializeBookmark, type Actor } from '@groundtruth/domain';
import { APP_CONFIG, type AppConfig } from '@groundtruth/platform';
import { CurrentActor, RateLimiter } from '../accounts/index.js';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
import type { Request, Response } from 'express';
import { BookmarkStore, savedBookmark as saved } from './bookmark-store.js';
import { SharePreview } from './share-preview/share-preview.js';

const HOUR_MS = 60 * 60 * 1000;

@Controller()
export class BookmarksController {
  constructor(
    private readonly store: BookmarkStore,
    private readonly preview: SharePreview,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Stores a bookmark. Saves are counted an hour per person, or per address without signing in
   * (BOOKMARK_SAVES_PER_HOUR_*), and a bookmark's stored form is at most BOOKMARK_MAX_CHARS: stored
   * bookmarks are kept for good, so neither may grow without bound. The web app keeps the whole
   * bookmark in the address when a save is refused.
   */
  @ApiRoute(routes.bookmarkSave)
  async save(
    @CurrentActor() actor: Actor,
    @Input('query') query: BookmarkSaveQuery,
    @Input('body') body: BookmarkSaveBody,
    @Req() req: Request,
  ): Promise<SavedBookmark> {
    const limits = this.config.usage;
    const signedIn = actor.kind === 'user';
    await this.limiter.hit('bookmark-save', [signedIn ? `user-${actor.userId}` : req.ip], {
      limit: signedIn ? limits.bookmarkSavesPerHourUser : limits.bookmarkSavesPerHourAnonymous,
      windowMs: HOUR_MS,
      code: 'BOOKMARK.TOO_MANY_SAVES',
      message: signedIn
        ? `You saved ${limits.bookmarkSavesPerHourUser} bookmarks this hour, as many as one person may. Try again later.`
        : `${limits.bookmarkSavesPerHourAnonymous} bookmarks were saved from this address this hour, as many as may be without signing in. Sign in or try again later.`,
    });
    const hasBody = Object.keys(body).length > 0;
    if (query.bookmark !== undefined && hasBody) {
      throw DomainError.validation('BOOKMARK.TWICE', { bookmark: 'Send the bookmark in the query or the body, not both.' });
    }
    if (query.bookmark === undefined && !hasBody) {
      throw DomainError.validation('BOOKMARK.MISSING', { bookmark: 'Send the bookmark as ?bookmark= or as the JSON body.' });
    }
    const bookmark = query.bookmark !== undefined ? decodeBookmark(query.bookmark) : parseBookmark(body);
    const canonical = serializeBookmark(bookmark);
    if (canonical.length > limits.bookmarkMaxChars) {
      const message = `A bookmark may hold at most ${limits.bookmarkMaxChars} characters; this one holds ${canonical.length}.`;
      throw DomainError.validation('BOOKMARK.TOO_LARGE', { bookmark: message }, message);
    }
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
