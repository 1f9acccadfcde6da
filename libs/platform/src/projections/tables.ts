import type pg from 'pg';
import { quoteIdent, type Projection, type ProjectionContext } from './projection.js';

export const liveTables = (projection: Projection): ProjectionContext['table'] => {
  const names = new Set(projection.tables.map((t) => t.name));
  return (name) => {
    if (!names.has(name)) throw new Error(`Projection ${projection.name} has no table ${name}`);
    return quoteIdent(name);
  };
};

/** Creates the live tables of a projection when they do not exist yet; true when all of them already existed. */
export const ensureTables = async (pool: pg.Pool, projection: Projection): Promise<boolean> => {
  let existed = true;
  for (const t of projection.tables) {
    const found = await pool.query<{ r: string | null }>('SELECT to_regclass($1) AS r', [`public.${t.name}`]);
    if (!found.rows[0]?.r) {
      await pool.query(t.create(quoteIdent(t.name)));
      existed = false;
    }
  }
  return existed;
};
