import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { SavedBookmark } from '@groundtruth/contracts';
import { PG_POOL, type PgPool } from '@groundtruth/platform';

/**
 * Token lengths tried in turn (base64url characters of the SHA-256 of the canonical text). The
 * first, 12 characters, is 72 bits: a billion bookmarks collide by chance with a probability of
 * about 1 in 10,000, and a collision is still safe: the stored content is compared, and the
 * newcomer takes the next, longer prefix (the whole hash at last).
 */
export const TOKEN_LENGTHS = [12, 16, 22, 43] as const;

export const bookmarkHash = (canonical: string): string => createHash('sha256').update(canonical, 'utf8').digest('base64url');

/** GET /bookmarks/resolve's answer for a token and its stored text. */
export const savedBookmark = (token: string, bookmark: string): SavedBookmark => ({ token, url: `/viz?v=${token}`, bookmark });

/** Saved bookmarks: content-addressed rows of `gt_bookmarks` (migration 013). */
@Injectable()
export class BookmarkStore {
  constructor(@Inject(PG_POOL) private readonly pool: PgPool) {}

  /** The token of this canonical text, storing it the first time; the same text always answers the same token. */
  async save(canonical: string, lengths: readonly number[] = TOKEN_LENGTHS): Promise<string> {
    const existing = await this.tokenOf(canonical);
    if (existing) return existing;
    const hash = bookmarkHash(canonical);
    for (const length of lengths) {
      const token = hash.slice(0, length);
      await this.pool.query('INSERT INTO gt_bookmarks (token, content) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        token,
        canonical,
      ]);
      const stored = await this.pool.query<{ content: string }>('SELECT content FROM gt_bookmarks WHERE token = $1', [token]);
      if (stored.rows[0]?.content === canonical) return token;
      // Either another bookmark holds this prefix (a collision: try a longer one), or a concurrent
      // save stored this content under another token (the content index refused ours).
      const raced = await this.tokenOf(canonical);
      if (raced) return raced;
    }
    throw new Error('Every token of this bookmark is taken by other content (a SHA-256 collision?)');
  }

  async resolve(token: string): Promise<string | null> {
    const r = await this.pool.query<{ content: string }>('SELECT content FROM gt_bookmarks WHERE token = $1', [token]);
    return r.rows[0]?.content ?? null;
  }

  private async tokenOf(canonical: string): Promise<string | null> {
    const r = await this.pool.query<{ token: string }>(
      'SELECT token FROM gt_bookmarks WHERE md5(content) = md5($1) AND content = $1',
      [canonical],
    );
    return r.rows[0]?.token ?? null;
  }
}
