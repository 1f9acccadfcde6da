import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type {
  AppendResult,
  EventStore,
  EventToAppend,
  ExpectedRevision,
  RecordedEvent,
  ReadAllOptions,
} from '../event-store/event-store.port.js';
import type { SubjectKeyStore } from './subject-keys.js';

/**
 * Personal data in events travels in one field, `data.pii`, about the person `data.userId`
 * (or, for someone who may have no account yet such as an invitee, the subject named by
 * `data.piiSubject`).
 * This store seals that field with the person's key on append and opens it on every read; once
 * the key is destroyed, reads give `pii: null` and the rest of the event replays as before.
 */
export const PII_FIELD = 'pii';
const PREFIX = 'gt1';

type Sealed = { readonly $sealed: string; readonly subject: string };

const isSealed = (value: unknown): value is Sealed =>
  typeof value === 'object' && value !== null && typeof (value as Sealed).$sealed === 'string';

export const personalSubject = (userId: number): string => `user-${userId}`;

const subjectOf = (event: { type: string; data: unknown }): string | null => {
  const data = event.data as Record<string, unknown> | null;
  if (!data || typeof data !== 'object' || data[PII_FIELD] === undefined || data[PII_FIELD] === null) return null;
  const named = data['piiSubject'];
  if (typeof named === 'string' && named.length > 0) return named;
  const userId = data['userId'];
  if (typeof userId !== 'number')
    throw new Error(`Event ${event.type} carries personal data but no numeric userId nor piiSubject`);
  return personalSubject(userId);
};

export const sealValue = (key: Buffer, subject: string, value: unknown): Sealed => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  // The subject is authenticated too: a sealed value copied to someone else's event will not open.
  cipher.setAAD(Buffer.from(subject));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  const parts = [PREFIX, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')];
  return { $sealed: parts.join('.'), subject };
};

export const openValue = (key: Buffer, sealed: Sealed): unknown => {
  const [prefix, iv, tag, body] = sealed.$sealed.split('.');
  if (prefix !== PREFIX || !iv || !tag || body === undefined) throw new Error('Unknown sealed value format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(sealed.subject));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  return JSON.parse(text) as unknown;
};

export class SealingEventStore implements EventStore {
  constructor(
    private readonly inner: EventStore,
    private readonly keys: SubjectKeyStore,
  ) {}

  get kind() {
    return this.inner.kind;
  }

  async append(streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    const sealed = await Promise.all(events.map((e) => this.seal(e)));
    return this.inner.append(streamId, sealed, expected);
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    return this.openAll(await this.inner.readStream(streamId));
  }

  async readByCorrelation(correlationId: string, limit: number): Promise<RecordedEvent[]> {
    return this.openAll(await this.inner.readByCorrelation(correlationId, limit));
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.openAll(await this.inner.readAll(options));
  }

  async *subscribeAll(from: RecordedEvent['position'] | null, signal: AbortSignal): AsyncIterable<RecordedEvent> {
    for await (const event of this.inner.subscribeAll(from, signal)) yield await this.open(event);
  }

  headPosition() {
    return this.inner.headPosition();
  }

  holds(position: RecordedEvent['position']) {
    return this.inner.holds(position);
  }

  progressAfter(after: RecordedEvent['position'] | null, cap: number) {
    return this.inner.progressAfter(after, cap);
  }

  openAppends(minAgeMs: number) {
    return this.inner.openAppends(minAgeMs);
  }

  ping() {
    return this.inner.ping();
  }

  async close(): Promise<void> {
    await this.keys.close();
    await this.inner.close();
  }

  private async seal(event: EventToAppend): Promise<EventToAppend> {
    const subject = subjectOf(event);
    if (!subject) return event;
    const key = await this.keys.obtain(subject);
    const data = event.data as Record<string, unknown>;
    return { ...event, data: { ...data, [PII_FIELD]: sealValue(key, subject, data[PII_FIELD]) } };
  }

  private async openAll(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    for (const event of events) out.push(await this.open(event));
    return out;
  }

  /**
   * Personal data in clear can only come from an upcast of an event stored before that field was
   * sealed (post bodies): once its subject's key is destroyed it reads null like sealed data, so
   * erasure reaches old events too.
   */
  private async erasedInClear(event: RecordedEvent): Promise<boolean> {
    const data = event.data as Record<string, unknown> | null;
    if (!data || typeof data !== 'object' || data[PII_FIELD] === undefined || data[PII_FIELD] === null) return false;
    const subject = data['piiSubject'];
    return typeof subject === 'string' && subject.length > 0 && (await this.keys.find(subject)) === 'destroyed';
  }

  private async open(event: RecordedEvent): Promise<RecordedEvent> {
    const data = event.data as Record<string, unknown> | null;
    const value = data && typeof data === 'object' ? data[PII_FIELD] : undefined;
    if (!isSealed(value)) return (await this.erasedInClear(event)) ? { ...event, data: { ...data, [PII_FIELD]: null } } : event;
    const key = await this.keys.find(value.subject);
    const opened = key instanceof Buffer ? openValue(key, value) : null;
    return { ...event, data: { ...data, [PII_FIELD]: opened } };
  }
}
