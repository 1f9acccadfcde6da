import type { Express, Request, Response } from 'express';
import { BookmarkResolveQuery } from '@groundtruth/contracts';
import { isDomainError } from '@groundtruth/domain';
import { escapeXml, sharePageHtml } from './preview-card.js';
import type { SharePreview } from './share-preview.js';

const plainPage = (res: Response, status: number, message: string) =>
  res
    .status(status)
    .type('html')
    .setHeader('Cache-Control', 'no-store')
    .send(
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escapeXml(message)}</title></head><body><p>${escapeXml(message)}</p><p><a href="/">Groundtruth</a></p></body></html>`,
    );

/**
 * `GET /viz/share?v={token}` (spec §2): the page link previews read (title, description, an image of
 * the chart drawn by the server: `GET /api/bookmarks/preview?v=`), which sends people on to the
 * workspace at `/viz?v={token}`. Mounted beside the web app, before its fallback to index.html.
 */
export const mountSharePage = (app: Express, preview: SharePreview, publicUrl: string): void => {
  // A page of the web app, not an API call: mounted as the web app's pages are (no route contract).
  app.use((req: Request, res: Response, next: (error?: unknown) => void) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path !== '/viz/share') return next();
    const parsed = BookmarkResolveQuery.safeParse(req.query);
    if (!parsed.success) return void plainPage(res, 400, 'This link does not name a shared view.');
    const token = parsed.data.v;
    const base = publicUrl.replace(/\/$/, '');
    preview
      .describe(token)
      .then(({ title, description }) => {
        res
          .status(200)
          .type('html')
          // Previews may keep it a while; the bookmark behind a token never changes.
          .setHeader('Cache-Control', 'public, max-age=300')
          .send(
            sharePageHtml({
              title,
              description,
              imageUrl: `${base}/api/bookmarks/preview?v=${encodeURIComponent(token)}`,
              pageUrl: `${base}/viz/share?v=${encodeURIComponent(token)}`,
              workspacePath: `/viz?v=${encodeURIComponent(token)}`,
            }),
          );
      })
      .catch((error: unknown) => {
        if (isDomainError(error) && error.kind === 'not_found') return void plainPage(res, 404, 'No shared view has this link.');
        next(error);
      });
  });
};
