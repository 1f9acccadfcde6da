import type { AuditEvent } from '@groundtruth/contracts';
import { hidden, hideSecrets, replacePaths, toPlain, type AuditedStream, type Plain } from '@groundtruth/domain';
import { personalSubject, positionToString, type RecordedEvent } from '@groundtruth/platform';

/**
 * What one asker may see of a stream: personal fields only when `personal` (site admins), and,
 * whoever asks, "erased" for personal data whose key was destroyed and never a hash.
 */
export type AuditLens = {
  readonly personal: boolean;
  /** Subjects (`user-4`, `project-invite-9`) whose personal-data key is destroyed. */
  readonly erased: ReadonlySet<string>;
};

/** The subject an event's `pii` is sealed under, as the SealingEventStore names it. */
export const subjectOfData = (data: unknown): string | null => {
  if (typeof data !== 'object' || data === null || !('pii' in data)) return null;
  const d = data as { piiSubject?: unknown; userId?: unknown };
  if (typeof d.piiSubject === 'string' && d.piiSubject) return d.piiSubject;
  return typeof d.userId === 'number' ? personalSubject(d.userId) : null;
};

/**
 * An event's data as the asker may see it. The sealing store opens `pii` with its owner's key, or
 * gives null once the key is destroyed: then it reads "erased" (never ciphertext, never an error).
 */
export const viewData = (data: unknown, lens: AuditLens): Plain => {
  const plain = toPlain(data);
  if (typeof plain !== 'object' || plain === null || Array.isArray(plain) || !('pii' in plain)) return hideSecrets(plain);
  const subject = subjectOfData(data);
  const pii = (plain as { readonly pii: Plain }).pii;
  const shown: Plain =
    pii === null
      ? subject !== null && lens.erased.has(subject)
        ? hidden('erased')
        : null
      : lens.personal
        ? pii
        : hidden('personal');
  return hideSecrets({ ...plain, pii: shown });
};

/**
 * An aggregate's state as the asker may see it: its personal paths are "erased" once a key of the
 * stream's personal data is destroyed (the fold met null there, or the account itself is gone),
 * withheld from everyone but site admins otherwise; hashes never show.
 */
export const viewState = (stream: AuditedStream, state: Plain, lens: AuditLens): Plain => {
  const anyErased = lens.erased.size > 0;
  const masked = replacePaths(state, stream.personalPaths, (value) => {
    if (anyErased && (stream.kind === 'user' || value === null || value === '')) return hidden('erased');
    return lens.personal ? value : hidden('personal');
  });
  return hideSecrets(masked);
};

export const toAuditEvent = (e: RecordedEvent, lens: AuditLens): AuditEvent => ({
  streamId: e.streamId,
  revision: Number(e.revision),
  position: positionToString(e.position),
  eventId: e.metadata.eventId,
  type: e.type,
  occurredAt: e.metadata.occurredAt,
  actor: e.metadata.userId,
  correlationId: e.metadata.correlationId,
  causationId: e.metadata.causationId,
  data: viewData(e.data, lens),
});
