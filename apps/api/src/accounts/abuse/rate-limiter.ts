import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, userMessages } from '@groundtruth/domain';
import { APP_CONFIG, LOGGER, PG_POOL, type AppConfig, type Logger, type PgPool } from '@groundtruth/platform';

const WINDOW_MS = 15 * 60 * 1000;
/** The longest window a rule may have: counts older than twice it are swept. */
const LONGEST_WINDOW_MS = 60 * 60 * 1000;

/** A limit other than sign-in's (AUTH_RATE_LIMIT per 15 minutes): its count, window and refusal. */
export type RateRule = {
  readonly limit: number;
  readonly windowMs: number;
  readonly code: string;
  readonly message: string;
};

/** What a hit counted, so that an attempt which turned out right can be taken back (`forgive`). */
export type RateLimitHit = { readonly buckets: readonly string[]; readonly windowStart: Date };

/**
 * Fixed 15-minute windows counted in Postgres, so every API process shares the count. Buckets
 * are hashed: an e-mail address used as a key is not kept in clear.
 */
@Injectable()
export class RateLimiter {
  private lastSweep = 0;

  constructor(
    @Inject(PG_POOL) private readonly pool: PgPool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  /** Counts one attempt against every bucket; throws 429 when any is over the limit (sign-in's, unless `rule` says). */
  async hit(action: string, keys: readonly (string | null | undefined)[], rule?: RateRule): Promise<RateLimitHit> {
    const limit = rule?.limit ?? this.config.authRateLimit;
    const windowMs = Math.min(rule?.windowMs ?? WINDOW_MS, LONGEST_WINDOW_MS);
    const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
    const buckets = keys
      .filter((k): k is string => !!k)
      .map((k) => `${action}:${createHash('sha256').update(k.toLowerCase()).digest('base64url').slice(0, 32)}`);
    if (buckets.length === 0) return { buckets, windowStart };
    const r = await this.pool.query<{ hits: number }>(
      `INSERT INTO gt_rate_limits (bucket, window_start, hits)
       SELECT b, $2, 1 FROM unnest($1::text[]) AS b
       ON CONFLICT (bucket, window_start) DO UPDATE SET hits = gt_rate_limits.hits + 1
       RETURNING hits`,
      [buckets, windowStart],
    );
    void this.sweep();
    if (r.rows.some((row) => row.hits > limit)) {
      // The count starts again with the next window: that is when the caller may try again (Retry-After).
      const retryAfterSeconds = Math.ceil((windowStart.getTime() + windowMs - Date.now()) / 1000);
      const refusal = rule
        ? new DomainError('too_many_requests', rule.code, rule.message)
        : new DomainError('too_many_requests', 'AUTH.TOO_MANY_ATTEMPTS', userMessages.tooManyAttempts);
      throw Object.assign(refusal, { retryAfterSeconds });
    }
    return { buckets, windowStart };
  }

  /**
   * Takes back an attempt that was counted before it could be judged and turned out right, so that
   * only wrong ones use up the limit (counting first keeps parallel guesses within it).
   */
  async forgive(hit: RateLimitHit): Promise<void> {
    if (hit.buckets.length === 0) return;
    await this.pool.query(
      'UPDATE gt_rate_limits SET hits = greatest(hits - 1, 0) WHERE bucket = ANY($1::text[]) AND window_start = $2',
      [hit.buckets, hit.windowStart],
    );
  }

  private async sweep(): Promise<void> {
    if (Date.now() - this.lastSweep < WINDOW_MS) return;
    this.lastSweep = Date.now();
    await this.pool
      .query('DELETE FROM gt_rate_limits WHERE window_start < $1', [new Date(Date.now() - 2 * LONGEST_WINDOW_MS)])
      .catch((err: unknown) => this.log.warn({ err }, 'rate limit sweep failed'));
  }
}
