import { Inject, Injectable } from '@nestjs/common';
import { DomainError, normalizeEmail, userMessages } from '@groundtruth/domain';
import { PG_POOL, type PgPool } from '@groundtruth/platform';

/**
 * One account per address. The log cannot check uniqueness across streams, so the address is
 * claimed in a unique table before the event is appended, and given back if the append fails.
 */
@Injectable()
export class EmailClaims {
  constructor(@Inject(PG_POOL) private readonly pool: PgPool) {}

  async claim(email: string, userId: number): Promise<void> {
    const r = await this.pool.query(
      `INSERT INTO gt_email_claims (email, user_id) VALUES ($1, $2)
       ON CONFLICT (email) DO UPDATE SET user_id = EXCLUDED.user_id, held_until = NULL, claimed_at = now()
       WHERE gt_email_claims.user_id = EXCLUDED.user_id OR gt_email_claims.held_until <= now()`,
      [normalizeEmail(email), userId],
    );
    if (r.rowCount === 0)
      throw DomainError.validation('USER.EMAIL_TAKEN', { email: userMessages.emailTaken }, userMessages.emailTaken);
  }

  async release(email: string, userId: number): Promise<void> {
    await this.pool.query('DELETE FROM gt_email_claims WHERE email = $1 AND user_id = $2', [normalizeEmail(email), userId]);
  }

  /**
   * Keeps an address the account no longer uses out of everyone else's reach until `until` (while
   * it may still undo an e-mail change); it no longer names the account meanwhile (see `owner`).
   */
  async hold(email: string, userId: number, until: string): Promise<void> {
    await this.pool.query('UPDATE gt_email_claims SET held_until = $3 WHERE email = $1 AND user_id = $2', [
      normalizeEmail(email),
      userId,
      until,
    ]);
  }

  async releaseAll(userId: number): Promise<void> {
    await this.pool.query('DELETE FROM gt_email_claims WHERE user_id = $1', [userId]);
  }

  /** The account using this address, if any (a held one names nobody). Authoritative (unlike the read model, which may lag). */
  async owner(email: string): Promise<number | null> {
    const r = await this.pool.query<{ user_id: string }>(
      'SELECT user_id FROM gt_email_claims WHERE email = $1 AND held_until IS NULL',
      [normalizeEmail(email)],
    );
    return r.rows[0] ? Number(r.rows[0].user_id) : null;
  }
}
