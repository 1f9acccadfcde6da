import type pg from 'pg';

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
