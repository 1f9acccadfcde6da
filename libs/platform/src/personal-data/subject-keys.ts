import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { ChannelListener } from '../postgres/channel-listener.js';

export type SubjectKey = Buffer | 'destroyed';

const CHANNEL = 'gt_subject_keys_destroyed';

/**
 * Encryption keys per person, kept outside the event log (crypto-shredding). A destroyed key is
 * remembered as destroyed, so it is never replaced and replay knows the data is gone for good.
 * Keys are cached; a destroy clears this process's cache at once and others' through NOTIFY.
 */
export class SubjectKeyStore {
  private readonly cache = new Map<string, SubjectKey>();
  private listener: ChannelListener | null = null;

  constructor(
    private readonly pool: pg.Pool,
    /** For following destroys made by other processes; without it, only this process's destroys are seen. */
    private readonly connectionString: string | null = null,
    private readonly onWarning: (message: string, err: unknown) => void = () => undefined,
  ) {}

  /** Follows destroys made by other processes; reconnects when the connection drops. */
  async listen(): Promise<void> {
    if (this.listener || !this.connectionString) return;
    this.listener = new ChannelListener({
      connectionString: this.connectionString,
      channel: CHANNEL,
      applicationName: 'groundtruth-keys',
      onNotice: (subject) => {
        if (subject) this.cache.set(subject, 'destroyed');
      },
      // Destroys announced while away would be missed: forget what is cached and ask again.
      onConnected: () => this.cache.clear(),
      onLost: (err) => this.onWarning('personal-data key listener lost its connection; reconnecting', err),
    });
    await this.listener.start();
  }

  async close(): Promise<void> {
    await this.listener?.close();
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
