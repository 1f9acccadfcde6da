import type { ClickHouseClient } from '@clickhouse/client';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `libs/platform/migrations/clickhouse`, found from this module's own place: the same relative
 * path works from `src/clickhouse/*.ts` (tests) and `dist/clickhouse/*.js` (built), so the SQL
 * files never need copying into `dist`. A deployment must ship that folder beside `dist`.
 */
export const CLICKHOUSE_MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/clickhouse/', import.meta.url));

export type ClickHouseMigration = {
  /** The number before the first underscore: `001_readings.sql` is version 1. */
  readonly version: number;
  /** `readings` for `001_readings.sql`. */
  readonly name: string;
  readonly file: string;
  /** sha256 of the file with line endings normalised, so a Windows checkout does not count as a change. */
  readonly checksum: string;
  readonly statements: readonly string[];
};

export type MigrateClickHouseOptions = {
  /** Defaults to {@link CLICKHOUSE_MIGRATIONS_DIR}. */
  readonly dir?: string;
  readonly log?: (message: string) => void;
};

export type MigrateClickHouseResult = {
  /** The migrations this call applied, in order; empty when the database was up to date. */
  readonly applied: readonly ClickHouseMigration[];
};

const FILE_NAME = /^(\d+)_([A-Za-z0-9_-]+)\.sql$/;

const CREATE_SCHEMA_MIGRATIONS = `
CREATE TABLE IF NOT EXISTS schema_migrations
(
    version    UInt32,
    name       String,
    checksum   String,
    applied_at DateTime64(3, 'UTC') DEFAULT now64(3)
)
ENGINE = MergeTree
ORDER BY version`;

type AppliedRow = { version: number; name: string; checksum: string };

/**
 * Applies the pending numbered SQL files, in numeric order, to the client's database and records
 * each in `schema_migrations`. Refuses (throws, applying nothing) when a file that was applied has
 * changed since or has disappeared: applied migrations are history, a change is a new file.
 *
 * ClickHouse has no transactional DDL: if a statement fails, the earlier statements of its file
 * stay applied and the file is not recorded, so the next start runs the whole file again. Write
 * statements that can run twice (`CREATE … IF NOT EXISTS`, `ADD COLUMN IF NOT EXISTS`).
 */
export async function migrateClickHouse(
  ch: { readonly client: ClickHouseClient },
  options: MigrateClickHouseOptions = {},
): Promise<MigrateClickHouseResult> {
  const dir = options.dir ?? CLICKHOUSE_MIGRATIONS_DIR;
  const migrations = loadClickHouseMigrations(dir);
  const { client } = ch;

  await client.command({ query: CREATE_SCHEMA_MIGRATIONS });
  const rows = await client.query({
    // LIMIT 1 BY: two servers migrating at the same moment may both record a version.
    query: 'SELECT version, name, checksum FROM schema_migrations ORDER BY version, applied_at LIMIT 1 BY version',
    format: 'JSONEachRow',
  });
  const applied = new Map((await rows.json<AppliedRow>()).map((row) => [Number(row.version), row]));

  const byVersion = new Map(migrations.map((m) => [m.version, m]));
  for (const row of applied.values()) {
    const file = byVersion.get(Number(row.version));
    if (file === undefined) {
      throw new Error(
        `ClickHouse migration ${row.version} (${row.name}) was applied to this database but is not in ${dir}. ` +
          `The database was probably migrated by a newer Groundtruth; run that version, or use a fresh database.`,
      );
    }
    if (file.checksum !== row.checksum) {
      throw new Error(
        `ClickHouse migration ${file.file} changed after it was applied (recorded checksum ${row.checksum}, ` +
          `file now ${file.checksum}). Applied migrations must not change: restore the file and put the change ` +
          `in a new numbered migration.`,
      );
    }
  }

  const pending = migrations.filter((m) => !applied.has(m.version));
  for (const migration of pending) {
    options.log?.(`Applying ClickHouse migration ${migration.file}`);
    for (const [index, statement] of migration.statements.entries()) {
      try {
        await client.command({ query: statement });
      } catch (cause) {
        const why = cause instanceof Error ? cause.message : String(cause);
        throw new Error(`ClickHouse migration ${migration.file}, statement ${index + 1}, failed: ${why}`, { cause });
      }
    }
    await client.insert({
      table: 'schema_migrations',
      values: [{ version: migration.version, name: migration.name, checksum: migration.checksum }],
      format: 'JSONEachRow',
    });
  }
  return { applied: pending };
}

/** Reads and checks the folder's `NNN_name.sql` files, sorted by version. Other files are ignored. */
export function loadClickHouseMigrations(dir: string = CLICKHOUSE_MIGRATIONS_DIR): ClickHouseMigration[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (cause) {
    throw new Error(`Cannot read the ClickHouse migrations folder ${dir}`, { cause });
  }
  const migrations: ClickHouseMigration[] = [];
  for (const file of names.filter((name) => name.endsWith('.sql'))) {
    const match = FILE_NAME.exec(file);
    if (match === null || match[1] === undefined || match[2] === undefined) {
      throw new Error(`ClickHouse migration ${join(dir, file)} is not named NNN_name.sql`);
    }
    const sql = readFileSync(join(dir, file), 'utf8').replace(/\r\n/g, '\n');
    const statements = splitSqlStatements(sql);
    if (statements.length === 0) throw new Error(`ClickHouse migration ${join(dir, file)} has no statement`);
    migrations.push({
      version: Number(match[1]),
      name: match[2],
      file,
      checksum: createHash('sha256').update(sql).digest('hex'),
      statements,
    });
  }
  migrations.sort((a, b) => a.version - b.version);
  for (let i = 1; i < migrations.length; i++) {
    const [previous, current] = [migrations[i - 1], migrations[i]];
    if (previous !== undefined && current !== undefined && previous.version === current.version) {
      throw new Error(`ClickHouse migrations ${previous.file} and ${current.file} share version ${current.version}`);
    }
  }
  return migrations;
}

/**
 * Splits a file into statements at each `;` that ends a line (a trailing `-- comment` may follow
 * it). Pieces holding only comments and blanks are dropped; comments inside a statement are kept
 * (ClickHouse accepts them). A `;` at the end of a line inside a string literal would split it:
 * do not write one.
 */
export function splitSqlStatements(sql: string): string[] {
  return sql
    .split(/;[ \t]*(?:--[^\n]*)?(?:\r?\n|$)/)
    .map((piece) => piece.trim())
    .filter((piece) => stripComments(piece).trim() !== '');
}

function stripComments(sql: string): string {
  return sql.replace(/\/\*[\s\S]*?\*\//g, '').replace(/--[^\n]*/g, '');
}
