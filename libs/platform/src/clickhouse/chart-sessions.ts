import type { ClickHouseClient } from '@clickhouse/client';
import { EngineTurns } from './engine-turns.js';
import { inlineQueryParams, type QueryParams } from './inline-params.js';

/**
 * Chart reads on sessions of their own (chDB), beside each other and beside the writes and heavy work
 * of the other sessions.
 *
 * What chDB 3.4 allows, tried here (docs/architecture.md, "The read path"): several sessions on the
 * one data folder of a process, which the engine runs side by side (a second process is refused the
 * folder's lock, so a pool of worker processes would need a copy of the data); statements without
 * parameters run in parallel across sessions, but every statement with parameters goes through one
 * chain for the whole process (see inline-params.ts), so these sessions send theirs written in. A
 * session runs one statement at a time: each has its turns, and a read goes to the least busy one.
 *
 * chDB leaves the partial output of a statement that failed mid-answer in its session and prepends
 * it to the next answer. A read that fails therefore clears its session in its own turn: a marker
 * query must come back alone; when it does not after a few tries, the session is retired and a
 * fresh one opened, so no later chart ever reads another's leftovers.
 */
export class ChartSessions {
  private readonly sessions: Array<{ client: Promise<ClickHouseClient | null>; turns: EngineTurns; busy: number }> = [];
  private closed = false;

  constructor(
    private readonly open: () => Promise<ClickHouseClient>,
    size: number,
    /** Where reads go when a session cannot be opened (the product's own session). */
    private readonly fallback: <T>(work: (client: ClickHouseClient) => Promise<T>) => Promise<T>,
  ) {
    for (let i = 0; i < size; i++) this.sessions.push({ client: this.opened(), turns: new EngineTurns(), busy: 0 });
  }

  /** Runs `work` in one turn of the least busy session; its statements may carry `query_params`. */
  async run<T>(work: (client: ClickHouseClient) => Promise<T>): Promise<T> {
    const session = this.sessions.reduce((a, b) => (b.busy < a.busy ? b : a));
    session.busy++;
    try {
      return await session.turns.run('read', async () => {
        const client = await session.client;
        if (client === null) return this.fallback(work);
        try {
          return await work(inlining(client));
        } catch (error) {
          if (!(await cleared(client))) {
            session.client = this.opened();
            void client.close().catch(() => undefined);
          }
          throw error;
        }
      });
    } finally {
      session.busy--;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.sessions.map(async (s) => (await s.client)?.close().catch(() => undefined)));
  }

  private opened(): Promise<ClickHouseClient | null> {
    if (this.closed) return Promise.resolve(null);
    return this.open().catch(() => null);
  }
}

const MARKER = 'groundtruth-session-clear';
const CLEAR_TRIES = 3;

/** Whether the session answers a marker query with the marker alone (after clearing what a failure left). */
async function cleared(client: ClickHouseClient): Promise<boolean> {
  for (let i = 0; i < CLEAR_TRIES; i++) {
    const text = await client
      .query({ query: `SELECT '${MARKER}'`, format: 'TabSeparated' })
      .then((r) => r.text())
      .catch(() => null);
    if (text === `${MARKER}\n`) return true;
  }
  return false;
}

const WITH_SQL = new Set<PropertyKey>(['query', 'exec', 'command']);

/** The client, its statements' parameters written into their text (no process-wide parameter chain). */
function inlining(client: ClickHouseClient): ClickHouseClient {
  return new Proxy(client, {
    get(target, key) {
      const member = Reflect.get(target, key, target) as unknown;
      if (!WITH_SQL.has(key) || typeof member !== 'function') return member;
      return (params: { query: string; query_params?: QueryParams }, ...rest: unknown[]) => {
        const { query_params, ...others } = params;
        const inlined = { ...others, query: inlineQueryParams(params.query, query_params) };
        return (member as (...a: unknown[]) => unknown).call(target, inlined, ...rest);
      };
    },
  });
}
