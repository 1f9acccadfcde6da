import { Inject, Injectable } from '@nestjs/common';
import { PG_POOL, type PgPool } from '@groundtruth/platform';
import * as oidc from 'openid-client';
import { ssoStateUnknown } from './sso-errors.js';

/** The secrets of one trip to the provider: they must come back with the browser, and only once. */
export type OidcAttempt = { readonly state: string; readonly nonce: string; readonly codeVerifier: string };

/** Long enough to type a password at the provider, short enough that a leaked state is soon useless. */
const TTL_MINUTES = 10;

export const newAttempt = (): OidcAttempt => ({
  state: oidc.randomState(),
  nonce: oidc.randomNonce(),
  codeVerifier: oidc.randomPKCECodeVerifier(),
});

/**
 * Attempts are kept in Postgres, not in a cookie or in memory: the return may reach any API
 * process, and the browser that comes back carries only `state`.
 */
@Injectable()
export class OidcAttempts {
  constructor(@Inject(PG_POOL) private readonly pool: PgPool) {}

  async save(attempt: OidcAttempt, after: string | null): Promise<void> {
    // Abandoned attempts would otherwise pile up; the table is small, so sweeping here is cheap.
    await this.pool.query('DELETE FROM gt_oidc_states WHERE created_at < now() - make_interval(mins => $1)', [TTL_MINUTES]);
    await this.pool.query('INSERT INTO gt_oidc_states (state, nonce, code_verifier, after) VALUES ($1, $2, $3, $4)', [
      attempt.state,
      attempt.nonce,
      attempt.codeVerifier,
      after,
    ]);
  }

  /** Removes the attempt as it reads it, so a replayed return (or a race of two) finds nothing. */
  async take(state: string): Promise<OidcAttempt & { readonly after: string | null }> {
    const r = await this.pool.query<{ nonce: string; code_verifier: string; after: string | null; fresh: boolean }>(
      `DELETE FROM gt_oidc_states WHERE state = $1
       RETURNING nonce, code_verifier, after, created_at >= now() - make_interval(mins => $2) AS fresh`,
      [state, TTL_MINUTES],
    );
    const row = r.rows[0];
    if (!row?.fresh) throw ssoStateUnknown();
    return { state, nonce: row.nonce, codeVerifier: row.code_verifier, after: row.after };
  }
}
