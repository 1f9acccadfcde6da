import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PG_POOL, type PgPool } from '@groundtruth/platform';

/**
 * Secrets the installation makes for itself when not configured: created once, kept in Postgres,
 * so every API process of one installation signs and checks with the same key.
 */
@Injectable()
export class SecretStore {
  private readonly cache = new Map<string, Promise<Buffer>>();

  constructor(@Inject(PG_POOL) private readonly pool: PgPool) {}

  get(name: string): Promise<Buffer> {
    let secret = this.cache.get(name);
    if (!secret) {
      secret = this.load(name);
      secret.catch(() => this.cache.delete(name));
      this.cache.set(name, secret);
    }
    return secret;
  }

  private async load(name: string): Promise<Buffer> {
    await this.pool.query('INSERT INTO gt_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
      name,
      randomBytes(48).toString('base64url'),
    ]);
    const r = await this.pool.query<{ value: string }>('SELECT value FROM gt_secrets WHERE name = $1', [name]);
    return Buffer.from(r.rows[0]!.value, 'utf8');
  }
}
