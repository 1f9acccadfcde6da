import type pg from 'pg';
import type { RecordedEvent } from '../event-store/event-store.port.js';

export type Row = Record<string, unknown>;

/** Loads rows by key in one query (a batch's working set). */
export const loadRows = async <R extends Row>(
  client: pg.PoolClient,
  table: string,
  key: string,
  ids: readonly unknown[],
): Promise<Map<string, R>> => {
  if (ids.length === 0) return new Map();
  const r = await client.query<R>(`SELECT * FROM ${table} WHERE ${key} = ANY($1)`, [[...ids]]);
  return new Map(r.rows.map((row) => [String(row[key]), row]));
};

/**
 * Writes many rows in one statement: the rows travel as one JSON array and Postgres turns it into
 * records of the table's own type, so every column keeps its declared type.
 */
export const upsertRows = async (client: pg.PoolClient, table: string, key: string, rows: readonly Row[]): Promise<void> => {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  const updates = columns.filter((c) => c !== key).map((c) => `${c} = EXCLUDED.${c}`);
  await client.query(
    `INSERT INTO ${table} (${columns.join(', ')})
     SELECT ${columns.join(', ')} FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)
     ON CONFLICT (${key}) DO ${updates.length ? `UPDATE SET ${updates.join(', ')}` : 'NOTHING'}`,
    [JSON.stringify(rows)],
  );
};

/**
 * The common shape of a one-row-per-aggregate projection: load the batch's rows, fold each event
 * into its row, write back the rows that changed. The stream revision kept on the row makes replays
 * harmless: an event already folded in is skipped.
 */
export const foldIntoRows = async <R extends Row & { revision: string }, E extends RecordedEvent>(
  client: pg.PoolClient,
  options: {
    readonly table: string;
    readonly key: string;
    readonly events: readonly E[];
    readonly keyOf: (event: E) => string;
    readonly evolve: (row: R | undefined, event: E, revision: string) => R | undefined;
  },
): Promise<void> => {
  const { table, key, events, keyOf, evolve } = options;
  const rows = await loadRows<R>(client, table, key, [...new Set(events.map(keyOf))]);
  const changed = new Set<string>();
  for (const event of events) {
    const id = keyOf(event);
    const current = rows.get(id);
    if (current && BigInt(current.revision) >= event.revision) continue;
    const next = evolve(current, event, event.revision.toString());
    if (next) {
      rows.set(id, next);
      changed.add(id);
    }
  }
  await upsertRows(
    client,
    table,
    key,
    [...changed].map((id) => rows.get(id)!),
  );
};
