import type pg from 'pg';
import type { EventStore, LogPosition, Projection } from '../../libs/platform/src/index.js';

/** A read model's tables as sorted JSON rows: order-free, so a live run and a rebuild compare. */
export const readModelSnapshot = async (pool: pg.Pool, projection: Projection): Promise<Record<string, string[]>> => {
  const out: Record<string, string[]> = {};
  for (const table of projection.tables) {
    const r = await pool.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM ${table.name} t`);
    out[table.name] = r.rows.map((x) => x.row).sort();
  }
  return out;
};

/** `store` as a rebuild reads it, without one event or with it twice: what a lost or doubled event would leave. */
export const alteredStore = (store: EventStore, eventId: string, how: 'lost' | 'doubled'): EventStore =>
  new Proxy(store, {
    get(target, prop, receiver) {
      if (prop !== 'readAll') return Reflect.get(target, prop, receiver) as unknown;
      return async (options: Parameters<EventStore['readAll']>[0]) => {
        const events = await target.readAll(options);
        return events.flatMap((e) => (e.metadata.eventId !== eventId ? [e] : how === 'lost' ? [] : [e, e]));
      };
    },
  });

/**
 * The position of the log's last event, read from the table itself. Once every append of a test
 * has returned, this is where a projection that has read everything stands. `headPosition()` can
 * answer an earlier one for a moment: its horizon stops before a transaction that was open when
 * it looked and has committed since (another test's, on any database of the server), because it
 * cannot tell afterwards whether that one appended.
 */
export const lastEventPosition = async (pool: pg.Pool): Promise<LogPosition> => {
  const r = await pool.query<{ tx_id: string; position: string }>(
    'SELECT tx_id, position FROM gt_events ORDER BY tx_id DESC, position DESC LIMIT 1',
  );
  const row = r.rows[0];
  if (!row) throw new Error('The log is empty');
  return { commit: BigInt(row.tx_id), prepare: BigInt(row.position) };
};
