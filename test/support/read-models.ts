import type pg from 'pg';
import type { EventStore, Projection } from '../../libs/platform/src/index.js';

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
