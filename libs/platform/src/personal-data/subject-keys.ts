import { randomBytes } from 'node:crypto';
import type pg from 'pg';

export type SubjectKey = Buffer | 'destroyed';

const CHANNEL = 'gt_subject_keys_destroyed';

/**
 * Encryption keys per person, kept outside the event log (crypto-shredding). A destroyed key is
 * remembered as destroyed, so it is never replaced and replay knows the data is gone for good.
 * Keys are cached; a destroy clears this process's cache at once and others' through NOTIFY.
 */
export class SubjectKeyStore {
  private readonly cache = new Map<string, SubjectKey>();
  private listener: pg.PoolClient | null = null;
  private reconnect: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly onWarning: (message: string, err: unknown) => void = () => undefined,
  ) {}

  /** Follows destroys made by other processes; reconnects when the connection drops. */
  async listen(): Promise<void> {
    if (this.listener || this.closed) return;
    this.reconnect = null;
    const client = await this.pool.connect();
    client.on('notification', (msg) => {
      if (msg.channel === CHANNEL && msg.payload) this.cache.set(msg.payload, 'destroyed');
    });
    client.on('error', (err) => {
      // Once closed (or replaced) the client was already given back: releasing twice throws.
      if (this.listener !== client) return;
      this.onWarning('personal-data key listener lost its connection; reconnecting', err);
      this.listener = null;
      client.release(err);
      // Destroys announced while away would be missed: forget what is cached and ask again.
      this.cache.clear();
      if (!this.closed) this.reconnect = setTimeout(() => void this.listen().catch(() => this.retryLater()), 1000);
    });
    try {
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    this.listener = client;
  }

  private retryLater(): void {
    if (!this.closed) this.reconnect = setTimeout(() => void this.listen().catch(() => this.retryLater()), 1000);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnect) clearTimeout(this.reconnect);
    const client = this.listener;
    this.listener = null;
    if (client) {
      await client.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
      client.release();
    }
  }

  /** The subject's key, or 'destroyed'; null when the subject never had one. */
  async find(subject: string): Promise<SubjectKey | null> {
    const cached = this.cache.get(subject);
    if (cached) return cached;
    const r = await this.pool.query<{ key: Buffer | null }>('SELECT key FROM gt_subject_keys WHERE subject = $1', [subject]);
    const row = r.rows[0];
    if (!row) return null;
    const key: SubjectKey = row.key ?? 'destroyed';
    this.cache.set(subject, key);
    return key;
  }

  /** The subject's key, made on first use. Throws for a destroyed subject: nothing new is sealed for them. */
  async obtain(subject: string): Promise<Buffer> {
    const existing = await this.find(subject);
    if (existing === 'destroyed') throw new Error(`The personal data key of ${subject} was destroyed`);
    if (existing) return existing;
    await this.pool.query('INSERT INTO gt_subject_keys (subject, key) VALUES ($1, $2) ON CONFLICT (subject) DO NOTHING', [
      subject,
      randomBytes(32),
    ]);
    this.cache.delete(subject);
    const key = await this.find(subject);
    if (!(key instanceof Buffer)) throw new Error(`The personal data key of ${subject} was destroyed`);
    return key;
  }

  /** Erasure: the key is gone, and with it every sealed value of this subject in the log. */
  async destroy(subject: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO gt_subject_keys (subject, key, destroyed_at) VALUES ($1, NULL, now())
       ON CONFLICT (subject) DO UPDATE SET key = NULL, destroyed_at = COALESCE(gt_subject_keys.destroyed_at, now())`,
      [subject],
    );
    this.cache.set(subject, 'destroyed');
    await this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, subject]);
  }
}
