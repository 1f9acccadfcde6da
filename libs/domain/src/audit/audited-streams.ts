import type { Decider } from '../kernel/decider.js';
import type { Command, DomainEvent } from '../kernel/messages.js';
import { dataEventDecider } from '../discussions/data-event.decider.js';
import { moderationDecider } from '../discussions/moderation.decider.js';
import { postDecider } from '../discussions/post.decider.js';
import { exportDecider } from '../exports/export.decider.js';
import { ingestionDecider } from '../ingestion/ingestion.decider.js';
import { lorawanWebhookDecider } from '../ingestion/lorawan-webhook.decider.js';
import { fieldNoteDecider } from '../notes/field-note.decider.js';
import { stationNotesDecider } from '../notes/station-notes.decider.js';
import { projectDecider } from '../projects/project.decider.js';
import { sessionDecider } from '../sessions/session.decider.js';
import { stationDecider } from '../stations/station.decider.js';
import { userDecider } from '../users/user.decider.js';

/** The part of a decider the audit folds with: the aggregate's own `evolve`, never a copy. */
export type Evolver = Pick<Decider<unknown, Command, DomainEvent>, 'initialState' | 'evolve'>;

/**
 * One kind of stream the audit can replay: its stream-name prefix (`project` for `project-12`),
 * its decider, and where personal data lands in its state (paths into the plain state, `*` for
 * any key), which only site admins see.
 */
export type AuditedStream = {
  readonly kind: string;
  readonly decider: Evolver;
  readonly personalPaths: readonly string[];
};

const evolver = <S, C extends Command, E extends DomainEvent>(d: Decider<S, C, E>): Evolver => d as unknown as Evolver;

// Built on first use: a table made at import would keep every decider in the web app's first page,
// which imports this library for its rules and messages only.
let table: readonly AuditedStream[] | null = null;
let byLength: readonly AuditedStream[] | null = null;

/**
 * Every aggregate's stream kind. A new aggregate adds a row here and the history, the state as of
 * any event, the CLI and the web viewer take it in. Kinds are matched longest first, so
 * `station-notes-4` is station notes, not station `notes-4`.
 */
export const auditedStreams = (): readonly AuditedStream[] =>
  (table ??= [
    { kind: 'project', decider: evolver(projectDecider), personalPaths: ['invites.*.email'] },
    { kind: 'station', decider: evolver(stationDecider), personalPaths: ['attributes'] },
    {
      kind: 'user',
      decider: evolver(userDecider),
      personalPaths: ['email', 'name', 'bio', 'identities', 'emailUndos'],
    },
    { kind: 'ingestion', decider: evolver(ingestionDecider), personalPaths: [] },
    { kind: 'session', decider: evolver(sessionDecider), personalPaths: [] },
    { kind: 'station-notes', decider: evolver(stationNotesDecider), personalPaths: [] },
    { kind: 'field-note', decider: evolver(fieldNoteDecider), personalPaths: [] },
    { kind: 'lorawan-webhook', decider: evolver(lorawanWebhookDecider), personalPaths: [] },
    { kind: 'post', decider: evolver(postDecider), personalPaths: ['body'] },
    { kind: 'data-event', decider: evolver(dataEventDecider), personalPaths: [] },
    { kind: 'moderation', decider: evolver(moderationDecider), personalPaths: [] },
    { kind: 'export', decider: evolver(exportDecider), personalPaths: [] },
  ]);

/** A stream name the audit knows: its kind, and the id after the kind (`12` of `project-12`). */
export type AuditedStreamName = { readonly stream: AuditedStream; readonly id: string };

/** The kind of a stream name, or null when no aggregate keeps streams by that name. */
export const auditedStreamOf = (streamId: string): AuditedStreamName | null => {
  byLength ??= [...auditedStreams()].sort((a, b) => b.kind.length - a.kind.length);
  for (const stream of byLength) {
    const prefix = `${stream.kind}-`;
    if (streamId.startsWith(prefix) && streamId.length > prefix.length) return { stream, id: streamId.slice(prefix.length) };
  }
  return null;
};

/** Stream names the audit accepts: lower-case kind, a dash, an id of letters, digits and dashes. */
export const AUDIT_STREAM_PATTERN = /^[a-z]+(?:-[a-z]+)*-[A-Za-z0-9-]{1,100}$/;
