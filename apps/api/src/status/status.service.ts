import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Inject, Injectable } from '@nestjs/common';
import type { ProjectionStatus, Status } from '@groundtruth/contracts';
import {
  positionToString,
  readCheckpoints,
  RUNTIME,
  type EventStore,
  type LogPosition,
  type Runtime,
} from '@groundtruth/platform';

const withTimeout = <T>(p: Promise<T>, ms: number): Promise<T> =>
  Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms))]);

const LAG_CAP = 1_000_000;

/** Events after a checkpoint: a count query on Postgres, a bounded read elsewhere. */
const lagAfter = async (store: EventStore, after: LogPosition | null): Promise<number> => {
  const counting = store as EventStore & { countAfter?: (a: LogPosition | null, cap: number) => Promise<number> };
  if (counting.countAfter) return counting.countAfter(after, LAG_CAP);
  let n = 0;
  for (let cursor = after; n < 100_000;) {
    const page = await store.readAll({ after: cursor, limit: 1000 });
    n += page.length;
    if (page.length < 1000) break;
    cursor = page[page.length - 1]!.position;
  }
  return n;
};

const packageVersion = (): string => {
  try {
    return (JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version: string })
      .version;
  } catch {
    return '0.0.0';
  }
};

const gitHash = (configured: string): string => {
  if (configured) return configured;
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unknown';
  }
};

@Injectable()
export class StatusService {
  private readonly identity: Pick<Status, 'serverName' | 'tag' | 'name' | 'git'>;

  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {
    const c = runtime.config;
    this.identity = {
      serverName: c.serverName,
      tag: c.tag,
      name: `groundtruth ${packageVersion()}`,
      git: { hash: gitHash(c.gitHash) },
    };
  }

  async status(): Promise<Status> {
    const { pool, store } = this.runtime;
    const [postgres, eventStore, clickhouse] = await Promise.all([
      withTimeout(pool.query('SELECT 1'), 2000).then(
        () => true,
        () => false,
      ),
      withTimeout(store.ping(), 2000).then(
        () => true,
        () => false,
      ),
      withTimeout(this.runtime.clickhouse.ping(), 2000).catch(() => false),
    ]);
    let projections: ProjectionStatus[] = [];
    if (postgres && eventStore) {
      const rows = await readCheckpoints(pool);
      projections = await Promise.all(
        rows.map(async (r) => ({
          name: r.name,
          state: r.state,
          checkpoint: r.position ? positionToString(r.position) : null,
          lag: await lagAfter(store, r.position),
          updatedAt: r.updatedAt.toISOString(),
          error: r.error,
        })),
      );
    }
    return {
      ...this.identity,
      healthy: postgres && eventStore && clickhouse,
      stores: { postgres, clickhouse, eventStore },
      projections,
    };
  }
}
