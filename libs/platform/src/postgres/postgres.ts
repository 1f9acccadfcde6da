import pg from 'pg';

// bigint columns come back as strings by default; ids and revisions fit in JS numbers where the
// code converts them explicitly, so keep the default and convert at the edges.

export type PgPool = pg.Pool;
export type PgClient = pg.PoolClient;

/** Opens a pool and proves the server answers, naming the variable that pointed at it when not. */
export const openPool = async (
  url: string,
  options: { variable: string; max?: number; application?: string },
): Promise<pg.Pool> => {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 20,
    connectionTimeoutMillis: 5000,
    application_name: options.application ?? 'groundtruth',
  });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new Error(`Cannot reach Postgres at ${options.variable}=${redact(url)}: ${(error as Error).message}`);
  }
  return pool;
};

export const redact = (url: string): string => {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable url)';
  }
};

/** Runs `fn` in one transaction on one client; rolls back on any error. */
export const inTransaction = async <T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
  const client = await pool.connect();
  // A connection lost between two statements is reported as an 'error' event, which would crash
  // the process with no listener; the next statement fails anyway and rolls the work back.
  let lost: Error | null = null;
  const onError = (error: Error) => {
    lost = error;
  };
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.removeListener('error', onError);
    client.release(lost ?? undefined);
  }
};

/** True for errors that mean "the server is gone or restarting", worth a retry rather than a verdict. */
export const isConnectionError = (error: unknown): boolean => {
  const e = error as { code?: string; message?: string };
  if (!e) return false;
  if (typeof e.code === 'string' && /^(08|57P0[1-3]|53300)/.test(e.code)) return true;
  if (typeof e.code === 'string' && ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(e.code)) return true;
  return /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|is not currently accepting connections/i.test(
    e.message ?? '',
  );
};

/**
 * True for "no such table" (SQLSTATE 42P01): a read model the projector has not created yet, as when
 * an API process serves before the projector's first start. Not the request's fault, and not for
 * ever: worth a retry. MikroORM's wrapper keeps the code as `code` or `sqlState`.
 */
export const isMissingTable = (error: unknown): boolean => {
  const e = error as { code?: unknown; sqlState?: unknown } | null;
  return e !== null && typeof e === 'object' && (e.code === '42P01' || e.sqlState === '42P01');
};
