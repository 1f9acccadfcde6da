import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { inTransaction } from './postgres.js';

/** From src/postgres (tests) and dist/postgres (built) alike, the files sit in ../../migrations. */
export const postgresMigrationsDir = fileURLToPath(new URL('../../migrations/postgres/', import.meta.url));

type MigrationFile = { version: number; name: string; sql: string; checksum: string };

export const readMigrationFiles = async (dir: string): Promise<MigrationFile[]> => {
  const names = (await fs.readdir(dir)).filter((f) => /^\d+_[\w-]+\.sql$/.test(f)).sort();
  const files: MigrationFile[] = [];
  for (const name of names) {
    const sql = await fs.readFile(`${dir}/${name}`, 'utf8');
    files.push({ version: Number(name.split('_')[0]), name, sql, checksum: createHash('sha256').update(sql).digest('hex') });
  }
  const versions = new Set(files.map((f) => f.version));
  if (versions.size !== files.length) throw new Error(`Two migrations share a number in ${dir}`);
  return files;
};

/**
 * Applies numbered SQL files in order, each in its own transaction, under an advisory lock so
 * that two processes starting together do not race. A changed, already applied file is refused.
 */
export const migratePostgres = async (pool: pg.Pool, dir = postgresMigrationsDir): Promise<string[]> => {
  const files = await readMigrationFiles(dir);
  return inTransaction(pool, async (client) => {
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('gt_schema_migrations'))`);
    await client.query(`CREATE TABLE IF NOT EXISTS gt_schema_migrations (
      version int PRIMARY KEY, name text NOT NULL, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const applied = new Map(
      (
        await client.query<{ version: number; checksum: string; name: string }>(
          'SELECT version, checksum, name FROM gt_schema_migrations',
        )
      ).rows.map((r) => [r.version, r]),
    );
    const done: string[] = [];
    for (const file of files) {
      const previous = applied.get(file.version);
      if (previous) {
        if (previous.checksum !== file.checksum) {
          throw new Error(`Postgres migration ${file.name} was changed after it was applied; add a new numbered file instead`);
        }
        continue;
      }
      await client.query(file.sql);
      await client.query('INSERT INTO gt_schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        file.version,
        file.name,
        file.checksum,
      ]);
      done.push(file.name);
    }
    return done;
  });
};
