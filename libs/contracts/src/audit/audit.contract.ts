import { z } from 'zod';

// Audit replay (issue 29): a stream's events, the state as of one of them, and what one request caused.

/** Stream names as the log keeps them: `project-12`, `station-notes-4`, `session-<uuid>`. */
export const AuditStreamParams = z.object({
  stream: z
    .string()
    .max(120)
    .regex(/^[a-z]+(?:-[a-z]+)*-[A-Za-z0-9-]{1,100}$/, { error: 'Not a stream name (project-12).' }),
});
export type AuditStreamParams = z.infer<typeof AuditStreamParams>;

export const AUDIT_PAGE_MAX = 500;

const revision = z.coerce
  .number({ error: 'Must be a number.' })
  .int({ error: 'Must be a whole number.' })
  .min(0, { error: 'Must be 0 or more.' })
  .max(Number.MAX_SAFE_INTEGER);

export const AuditHistoryQuery = z
  .object({
    // The state as of this event (its position in the stream), or of the last one at or before atTime.
    at: revision.optional(),
    atTime: z.iso.datetime({ offset: true, error: 'Not an ISO 8601 time with a zone.' }).optional(),
    // First event of the page (default: the page holding the chosen event).
    from: revision.optional(),
    limit: z.coerce
      .number({ error: 'Must be a number.' })
      .int({ error: 'Must be a whole number.' })
      .min(1, { error: 'Must be 1 or more.' })
      .max(AUDIT_PAGE_MAX, { error: `At most ${AUDIT_PAGE_MAX}.` })
      .default(100),
  })
  .superRefine((q, ctx) => {
    if (q.at !== undefined && q.atTime !== undefined)
      ctx.addIssue({ code: 'custom', path: ['atTime'], message: 'at or atTime, not both.' });
  });
export type AuditHistoryQuery = z.infer<typeof AuditHistoryQuery>;

export const AuditEvent = z.object({
  streamId: z.string(),
  /** Position in its stream, from 0. */
  revision: z.number(),
  /** Position in the whole log (`commit/prepare`). */
  position: z.string(),
  eventId: z.string(),
  type: z.string(),
  /** When it happened (the command's time). */
  occurredAt: z.string(),
  /** The user whose request it was; null for the system (seeding, station uploads, processing). */
  actor: z.number().nullable(),
  correlationId: z.string(),
  causationId: z.string(),
  /** In its current shape: an event stored in an older one is upcast on read, as every reader sees it. */
  data: z.unknown(),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

export const AuditFieldChange = z.object({ path: z.string(), before: z.unknown(), after: z.unknown() });
export type AuditFieldChange = z.infer<typeof AuditFieldChange>;

export const AuditHistory = z.object({
  streamId: z.string(),
  kind: z.string(),
  /** Events in the stream. */
  total: z.number(),
  /** This page's first event's revision, and the page. */
  from: z.number(),
  events: z.array(AuditEvent),
  /** The chosen event (null when the stream had not begun by `atTime`), the state after it and what it changed. */
  at: z.number().nullable(),
  state: z.unknown(),
  diff: z.array(AuditFieldChange),
});
export type AuditHistory = z.infer<typeof AuditHistory>;

export const AuditCorrelationParams = z.object({
  id: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9._:-]{1,100}$/, { error: 'Not a correlation id.' }),
});

export const AUDIT_CORRELATION_MAX = 1000;

export const AuditCorrelation = z.object({
  correlationId: z.string(),
  /** The events the asker may see, across streams, in log order (at most 1000). */
  events: z.array(AuditEvent),
  /** Events of the same correlation in streams the asker may not see (counted, not shown). */
  hidden: z.number(),
});
export type AuditCorrelation = z.infer<typeof AuditCorrelation>;
