import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { DomainError } from '@groundtruth/domain';

export type StoredMedia = { readonly bytes: Buffer; readonly contentType: string };

/**
 * Answers stored media (a photo, maybe resized, or a recording). Every feature serves its media
 * through this after its own permission check on the owning object: `audience: 'public'` lets
 * shared caches keep it; anything from a private project or station is `private` and revalidated.
 */
export const sendMedia = (req: Request, res: Response, media: StoredMedia | null, audience: 'public' | 'private'): void => {
  if (!media) throw new DomainError('not_found', 'MEDIA.NOT_FOUND', 'There is no photo here.');
  const etag = `"${createHash('sha256').update(media.bytes).digest('base64url').slice(0, 27)}"`;
  res.setHeader('Content-Type', media.contentType);
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', audience === 'public' ? 'public, max-age=86400' : 'private, no-cache');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (req.headers['if-none-match'] === etag) {
    res.status(304).end();
    return;
  }
  res.end(media.bytes);
};
