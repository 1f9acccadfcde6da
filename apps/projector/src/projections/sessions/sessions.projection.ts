import { sessionEventTypes, type SessionEvent } from '@groundtruth/domain';
import {
  foldIntoRows,
  type Projection,
  type RecordedEvent,
  type SessionRow,
  type WrittenRow,
  sessionsTable,
} from '@groundtruth/platform';

/** Sessions as the API checks them on each request (ended or not) and lists them per user. No token hashes here. */
type Row = WrittenRow<SessionRow>;

const evolve = (row: Row | undefined, event: SessionEvent, revision: string): Row | undefined => {
  switch (event.type) {
    case 'SessionStarted': {
      const d = event.data;
      return {
        id: d.sessionId,
        revision,
        user_id: String(d.userId),
        method: d.method,
        spoofed_by: d.spoofedBy === null ? null : String(d.spoofedBy),
        ended_reason: null,
        expires_at: d.expiresAt,
        started_at: d.startedAt,
        updated_at: d.startedAt,
      };
    }
    case 'SessionRefreshed':
      return row && { ...row, revision, expires_at: event.data.expiresAt, updated_at: event.data.refreshedAt };
    case 'SessionRevoked':
      return row && { ...row, revision, ended_reason: event.data.reason, updated_at: event.data.revokedAt };
  }
};

export const sessionsProjection: Projection = {
  name: 'sessions',
  handles: sessionEventTypes,
  tables: [sessionsTable],
  async apply(events: readonly RecordedEvent[], { client, table }) {
    await foldIntoRows<Row, RecordedEvent & SessionEvent>(client, {
      table: table(sessionsTable.name),
      key: 'id',
      events: events as readonly (RecordedEvent & SessionEvent)[],
      keyOf: (e) => e.data.sessionId,
      evolve,
    });
  },
};
