import { ClickHouseLogLevel, createClient, type ClickHouseClient, type ClickHouseClientConfigOptions } from '@clickhouse/client';
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ChartSessions } from './chart-sessions.js';
import { EngineTurns, engineCallKind, type EngineCallKind } from './engine-turns.js';

export type ClickHouseMode = 'chdb' | 'http';

/** Part of a streamed answer: bytes as they come, not cut at rows (the caller cuts and counts them). */
export type StreamedPart = { readonly bytes: Uint8Array };

export type ClickHouse = {
  readonly client: ClickHouseClient;
  readonly mode: ClickHouseMode;
  /** The database every query of `client` runs in. */
  readonly database: string;
  /**
   * Answers within a few seconds and never throws. In chDB mode an answer to any query in the last
   * RECENT_ANSWER_MS counts (see `watchAnswers`); otherwise a `SELECT 1` on a chart session, whose
   * answer is kept for KEPT_PROBE_MS while the next is asked in the background.
   */
  ping(): Promise<boolean>;
  /**
   * A SELECT's answer (`sql` without FORMAT, its values as literals) in `format`, chunk by chunk: with
   * a server, the HTTP body as it comes. In chDB mode the answer is made whole first (callers bound it:
   * exports ask for windows of EMBEDDED_EXPORT_WINDOW_ROWS): chDB's own streaming query fails ("No
   * active streaming query") as soon as any other statement runs on the connection meanwhile, which in
   * a product serving charts is any moment.
   */
  stream(sql: string, format: string): AsyncIterable<StreamedPart>;
  /**
   * Settles once every call of `client` in flight when asked has settled (at once with a server,
   * which runs statements side by side). chDB runs one statement at a time and does not take them in
   * the order they were sent: a long write in parts awaits this between parts, so that a query sent
   * meanwhile goes before the next part rather than racing it.
   */
  othersFirst(): Promise<void>;
  /**
   * Runs `work` with the engine to itself in chDB mode: one turn of kind `kind` (a write's turn lets
   * charts' reads go first), its statements back to back, nobody else's between them. chDB leaves the
   * partial output of a statement that failed mid-answer in its session, and prepends it to the next
   * answer (seen with a memory limit hit after JSON's header was written): work that may fail so
   * must clear it within its turn. With a server, `work` just runs.
   */
  alone<T>(kind: EngineCallKind, work: (client: ClickHouseClient) => Promise<T>): Promise<T>;
  /**
   * Where long read-only work runs (bulk analysis), so that charts keep their latency beside it. With
   * a server, the client itself: the server runs statements side by side. In chDB mode a second
   * session on the same data folder, opened on first use, which the engine runs beside the first
   * (tried on chDB 26.7; docs/benchmarks.md). Its calls go one at a time, each `work` in one turn, so it can
   * clear what a failed statement left in its session (see `alone`). Only reads belong here.
   */
  heavy<T>(work: (client: ClickHouseClient) => Promise<T>): Promise<T>;
  /**
   * Where chart reads run, so that they go beside each other, beside writes and beside heavy work.
   * With a server, the client itself. In chDB mode a pool of sessions of their own on the same data
   * folder (`CHART_SESSIONS`, opened at start), each one statement at a time, `work` in one turn of
   * the least busy one; its statements' parameters are written into their text, since chDB binds
   * parameters through one chain for the whole process, and a failed statement's leftovers are
   * cleared before the turn ends (ChartSessions). Only reads belong here.
   */
  charts<T>(work: (client: ClickHouseClient) => Promise<T>): Promise<T>;
  /** Idempotent. In chDB mode it also waits until the engine has released the data folder. */
  close(): Promise<void>;
};

export type OpenClickHouseOptions = {
  /** CLICKHOUSE_URL: a server to use. Without it ClickHouse runs embedded (chDB) under `dataDir`. */
  readonly url?: string | undefined;
  /** DATA_DIR: embedded data goes to `${dataDir}/clickhouse`. */
  readonly dataDir: string;
  /** Defaults to the database named in the URL's path, else `groundtruth`. */
  readonly database?: string | undefined;
  /** chDB: sessions of their own for chart reads (CHART_SESSIONS; 0 leaves charts on the product's session). */
  readonly chartSessions?: number | undefined;
};

/** Chart sessions when none are configured (CHART_SESSIONS). */
export const DEFAULT_CHART_SESSIONS = 2;
/**
 * Threads one statement of the heavy lane (exports; analysis sets its own limit) may take, so that
 * heavy work keeps to a bounded share of the cores beside charts and writes.
 */
const HEAVY_MAX_THREADS = 1;

export const DEFAULT_CLICKHOUSE_DATABASE = 'groundtruth';
const STARTUP_TIMEOUT_MS = 5_000;
/** In chDB mode, a query answered this recently (and no failure since) is the engine's ping. */
export const RECENT_ANSWER_MS = 5_000;
/** In chDB mode, how long a ping's own probe answers for the pings after it (see `ping`). */
const KEPT_PROBE_MS = 30_000;

/**
 * Pinned so both modes answer alike whatever the server's version or the machine's TZ: defaults
 * differ (chDB 26 returns UInt64 as JSON numbers, older servers as strings; chDB takes the
 * process's TZ). 64-bit integers come back as strings (no precision lost past 2^53), functions
 * without an explicit time zone use UTC, and DateTime input accepts ISO 8601 (`…T…Z`).
 */
export const CLICKHOUSE_SESSION_SETTINGS = {
  output_format_json_quote_64bit_integers: 1,
  session_timezone: 'UTC',
  date_time_input_format: 'best_effort',
} as const;

/**
 * Opens ClickHouse the way the app was configured: a server when CLICKHOUSE_URL is set, chDB
 * in-process otherwise. Fails at once, naming the variable, when it cannot be used: there is
 * never a silent fallback from one mode to the other.
 */
export async function openClickHouse(options: OpenClickHouseOptions): Promise<ClickHouse> {
  return options.url !== undefined && options.url !== ''
    ? openHttp(options.url, options.database)
    : openChdb(options.dataDir, options.database, options.chartSessions ?? DEFAULT_CHART_SESSIONS);
}

async function openHttp(rawUrl: string, requestedDatabase: string | undefined): Promise<ClickHouse> {
  const shown = `CLICKHOUSE_URL=${redactUrl(rawUrl)}`;
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new Error(`Invalid ${shown}: expected http[s]://[user:password@]host:port[/database]`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`Invalid ${shown}: the protocol must be http or https`);
  }
  const database = requestedDatabase ?? (url.pathname.length > 1 ? decodeURIComponent(url.pathname.slice(1)) : undefined);
  // The client reads a database from the URL's path and lets it win over `database`; keep the
  // URL for the server only, so the database can be created before a client is bound to it.
  url.pathname = '/';
  const config: ClickHouseClientConfigOptions = {
    url: url.toString(),
    application: 'groundtruth',
    clickhouse_settings: { ...CLICKHOUSE_SESSION_SETTINGS },
  };

  // Quiet: its failures become the startup error below; the client would also log each one.
  const bootstrap = createClient({ ...config, log: { level: ClickHouseLogLevel.OFF } });
  const db = database ?? DEFAULT_CLICKHOUSE_DATABASE;
  try {
    const failure = await pingWithin(bootstrap, STARTUP_TIMEOUT_MS);
    if (failure !== null) throw new Error(`Cannot reach ClickHouse at ${shown}: ${failure}`);
    await createDatabaseIfMissing(bootstrap, db).catch((cause: unknown) => {
      throw new Error(`ClickHouse at ${shown} answers, but database ${db} cannot be created: ${reason(cause)}`, { cause });
    });
  } finally {
    await bootstrap.close();
  }

  const client = createClient({ ...config, database: db });
  return handle(client, 'http', db, () => client.close());
}

async function openChdb(dataDir: string, requestedDatabase: string | undefined, chartSessions: number): Promise<ClickHouse> {
  const path = resolve(dataDir, 'clickhouse');
  const shown = `DATA_DIR=${dataDir}`;
  try {
    mkdirSync(path, { recursive: true });
  } catch (cause) {
    throw new Error(`Cannot create the embedded ClickHouse folder ${path} (${shown}): ${reason(cause)}`, { cause });
  }
  // Loaded on demand: the native engine costs ~250 MB of memory and is not needed with a server.
  const [{ createChdbConnection }, { drainPending }] = await Promise.all([import('chdb/connection'), import('chdb')]);

  let connection: ReturnType<typeof createChdbConnection>;
  try {
    connection = createChdbConnection({ path });
  } catch (cause) {
    throw chdbOpenError(path, shown, cause);
  }
  // The chDB connection implements the contract of @clickhouse/client-common, which the client
  // bundles a private copy of: same shape, different type identity.
  const client = createClient({ connection: connection as unknown as ClickHouseClientConfigOptions['connection'] });
  const close = async (): Promise<void> => {
    await client.close();
    // Without this, opening another folder in this process right away can be refused.
    await drainPending();
  };

  const db = requestedDatabase ?? DEFAULT_CLICKHOUSE_DATABASE;
  // chDB ignores the client's `database`, and would prepend `clickhouse_settings` to every query
  // as SET statements; USE and SET given once stick to the connection's session instead.
  const setUp = async (session: ClickHouseClient): Promise<void> => {
    await session.command({ query: `USE ${quoteIdentifier(db)}` });
    for (const [name, value] of Object.entries(CLICKHOUSE_SESSION_SETTINGS)) {
      await session.command({ query: `SET ${name} = ${typeof value === 'number' ? value : `'${value}'`}` });
    }
  };
  try {
    const failure = await pingWithin(client, STARTUP_TIMEOUT_MS);
    if (failure !== null) throw new Error(`Embedded ClickHouse (chDB) under ${shown} does not answer: ${failure}`);
    await createDatabaseIfMissing(client, db);
    await setUp(client);
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
  const openSession = async (settings: Record<string, number> = {}): Promise<ClickHouseClient> => {
    const session = createClient({
      connection: createChdbConnection({ path }) as unknown as ClickHouseClientConfigOptions['connection'],
    });
    try {
      await setUp(session);
      for (const [name, value] of Object.entries(settings)) await session.command({ query: `SET ${name} = ${value}` });
    } catch (error) {
      await session.close().catch(() => undefined);
      throw error;
    }
    return session;
  };
  return handle(client, 'chdb', db, close, {
    heavy: () => openSession({ max_threads: HEAVY_MAX_THREADS }),
    chart: () => openSession(),
    charts: chartSessions,
  });
}

/** chDB only: how to open the heavy lane's session and the chart sessions. */
type ChdbSessions = {
  readonly heavy: () => Promise<ClickHouseClient>;
  readonly chart: () => Promise<ClickHouseClient>;
  readonly charts: number;
};

function handle(
  client: ClickHouseClient,
  mode: ClickHouseMode,
  database: string,
  doClose: () => Promise<void>,
  sessions?: ChdbSessions,
): ClickHouse {
  let closing: Promise<void> | undefined;
  const openSession = sessions?.heavy;
  let heavySession: Promise<{ client: ClickHouseClient; turns: EngineTurns } | null> | undefined;
  const watched =
    mode === 'chdb'
      ? watchAnswers(client)
      : {
          client,
          answeredWithin: () => false,
          inFlight: () => [],
          alone: <T>(_kind: EngineCallKind, work: (c: ClickHouseClient) => Promise<T>) => work(client),
        };
  const heavy = async <T>(work: (client: ClickHouseClient) => Promise<T>): Promise<T> => {
    if (!openSession) return work(watched.client);
    // A session that cannot be opened leaves the work to the main session, in a write's turn.
    heavySession ??= openSession().then(
      (session) => ({ client: session, turns: new EngineTurns() }),
      () => null,
    );
    const session = await heavySession;
    return session ? session.turns.run('read', () => work(session.client)) : watched.alone('write', work);
  };
  let probing: Promise<boolean> | undefined;
  let probed = { ok: false, at: -Infinity };
  const charts =
    sessions && sessions.charts > 0
      ? new ChartSessions(sessions.chart, sessions.charts, (work) => watched.alone('read', work))
      : null;
  return {
    client: watched.client,
    mode,
    database,
    // The same for both modes: the HTTP body as it comes, or chDB's answer made whole (see ClickHouse.stream).
    // In chDB mode on the heavy lane: an export's windows go beside charts and writes, not before them.
    stream: async function* (sql: string, format: string): AsyncIterable<StreamedPart> {
      if (mode === 'http') {
        const answer = await watched.client.exec({ query: `${sql} FORMAT ${format}` });
        for await (const part of answer.stream) yield { bytes: part as Uint8Array };
        return;
      }
      const parts = await heavy(async (client) => {
        try {
          const answer = await client.exec({ query: `${sql} FORMAT ${format}` });
          const whole: Uint8Array[] = [];
          for await (const part of answer.stream) whole.push(part as Uint8Array);
          return whole;
        } catch (error) {
          // What a failed statement left in the session goes with this turn (see `alone`).
          await client
            .query({ query: 'SELECT 1', format: 'TabSeparated' })
            .then((r) => r.text())
            .catch(() => undefined);
          throw error;
        }
      });
      for (const bytes of parts) yield { bytes };
    },
    othersFirst: async () => {
      await Promise.allSettled(watched.inFlight());
    },
    alone: (kind, work) => watched.alone(kind, work),
    heavy,
    charts: (work) => (charts ? charts.run(work) : work(watched.client)),
    ping: async () => {
      if (watched.answeredWithin(RECENT_ANSWER_MS)) return true;
      if (mode === 'http') return (await pingWithin(watched.client, STARTUP_TIMEOUT_MS)) === null;
      // chDB: asked on a chart session, never behind a write; the last probe's answer is kept a while
      // and a new probe runs in the background, so a status page does not wait for the engine.
      probing ??= (charts ? charts.run((c) => pingWithin(c, STARTUP_TIMEOUT_MS)) : pingWithin(watched.client, STARTUP_TIMEOUT_MS))
        .then((failure) => failure === null)
        .catch(() => false)
        .then((ok) => {
          probed = { ok, at: performance.now() };
          probing = undefined;
          return ok;
        });
      return performance.now() - probed.at <= KEPT_PROBE_MS ? probed.ok : probing;
    },
    close: () =>
      (closing ??= (async () => {
        const session = await heavySession;
        await session?.client.close().catch(() => undefined);
        await charts?.close();
        await doClose();
      })()),
  };
}

const CALLS = new Set<PropertyKey>(['query', 'command', 'exec', 'insert']);

/**
 * The client, noting when the engine last answered and last failed. chDB runs in this process and
 * one statement at a time: a `SELECT 1` sent while a large insert runs waits for it, and would
 * report how long the queue is, not whether the engine works (the status page timed out behind
 * uploads). Any answer is as good a sign of life as a ping; a failure since sends the next ping to
 * the engine. Calls go to the engine one at a time, reads first (`EngineTurns`).
 */
function watchAnswers(client: ClickHouseClient): {
  client: ClickHouseClient;
  answeredWithin(ms: number): boolean;
  inFlight(): Promise<unknown>[];
  alone<T>(kind: EngineCallKind, work: (client: ClickHouseClient) => Promise<T>): Promise<T>;
} {
  let answeredAt = -Infinity;
  let failedAt = -Infinity;
  const turns = new EngineTurns();
  const pending = new Set<Promise<unknown>>();
  const watched = new Proxy(client, {
    get(target, key) {
      const member = Reflect.get(target, key, target) as unknown;
      if (!CALLS.has(key) || typeof member !== 'function') return member;
      return (...args: unknown[]) => {
        const call = turns
          .run(engineCallKind(key, args), () => (member as (...a: unknown[]) => Promise<unknown>).apply(target, args))
          .then(
            (answer) => {
              answeredAt = performance.now();
              return answer;
            },
            (error: unknown) => {
              failedAt = performance.now();
              throw error;
            },
          );
        pending.add(call);
        void call.then(
          () => pending.delete(call),
          () => pending.delete(call),
        );
        return call;
      };
    },
  });
  return {
    client: watched,
    answeredWithin: (ms) => answeredAt > failedAt && performance.now() - answeredAt <= ms,
    inFlight: () => [...pending],
    // The client itself, not the watched one: its calls are this turn's, not turns of their own.
    alone: (kind, work) => turns.run(kind, () => work(client)),
  };
}

/**
 * Null when the server answered a SELECT (which, unlike /ping, also checks the credentials), else
 * why not. The race also bounds chDB, whose connection ignores the abort signal.
 */
async function pingWithin(client: ClickHouseClient, ms: number): Promise<string | null> {
  const signal = AbortSignal.timeout(ms);
  const timedOut = `no answer within ${ms / 1000} s`;
  const timer = new Promise<string>((resolve) => signal.addEventListener('abort', () => resolve(timedOut), { once: true }));
  const attempt = client.ping({ select: true, abort_signal: signal }).then(
    (result) => (result.success ? null : signal.aborted ? timedOut : reason(result.error)),
    (error: unknown) => (signal.aborted ? timedOut : reason(error)),
  );
  return Promise.race([attempt, timer]);
}

async function createDatabaseIfMissing(client: ClickHouseClient, database: string): Promise<void> {
  // Looked up first so that a user allowed to use, but not to create, databases can start.
  const rows = await client.query({
    query: 'SELECT name FROM system.databases WHERE name = {database:String}',
    query_params: { database },
    format: 'JSONEachRow',
  });
  if ((await rows.json()).length === 0) {
    await client.command({ query: `CREATE DATABASE IF NOT EXISTS ${quoteIdentifier(database)}` });
  }
}

function chdbOpenError(path: string, shown: string, cause: unknown): Error {
  const text = reason(cause);
  if (text.includes('one active data directory per process')) {
    return new Error(
      `Cannot open embedded ClickHouse at ${path} (${shown}): this process already has another chDB data folder open, ` +
        `and chDB allows one per process. Close the other one first. (${text})`,
      { cause },
    );
  }
  const holder = lockHolder(path);
  if (holder !== null) {
    return new Error(
      `Cannot open embedded ClickHouse at ${path} (${shown}): the folder is locked by another process (PID ${holder}). ` +
        `Another Groundtruth process may be running with the same DATA_DIR: stop it, or point DATA_DIR elsewhere ` +
        `(or set CLICKHOUSE_URL to use a ClickHouse server).`,
      { cause },
    );
  }
  return new Error(
    `Cannot open embedded ClickHouse at ${path} (${shown}): ${text}. chDB prints its reason on stderr; ` +
      `a common one is another process (another Groundtruth, maybe in another container) using the same DATA_DIR.`,
    { cause },
  );
}

/**
 * chDB only says "Failed to create connection" (the engine prints the real reason, "Cannot lock
 * file …/status", on stderr). The engine writes its PID into `status` while it holds the folder
 * and removes the file on a clean close, so a live PID there other than ours means a lock.
 */
function lockHolder(path: string): number | null {
  let text: string;
  try {
    text = readFileSync(join(path, 'status'), 'utf8');
  } catch {
    return null;
  }
  const pid = Number(/^PID:\s*(\d+)/m.exec(text)?.[1]);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive, but owned by another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

export function quoteIdentifier(name: string): string {
  return '`' + name.replace(/\\/g, '\\\\').replace(/`/g, '\\`') + '`';
}

function redactUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password === '') return raw;
    url.password = '***';
    return url.toString();
  } catch {
    return raw.replace(/\/\/([^:/@]*):[^@/]*@/, '//$1:***@');
  }
}

function reason(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return error.errors.map(reason).join('; ');
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
