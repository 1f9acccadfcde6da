import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  comparePositions,
  createLogger,
  PostgresEventStore,
  readCheckpoints,
  rebuildProjection,
} from '../../libs/platform/src/index.js';
import { projections, projectsProjection } from '../../apps/projector/src/projections/index.js';
import { appendProjectHistory, tableSnapshot } from '../support/project-events.js';
import { alteredStore, lastEventPosition, readModelSnapshot } from '../support/read-models.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/**
 * Kills the real projector process (the built `npm run start:projector`) with SIGKILL at random
 * moments while it works through the log, several times, then lets it finish: every read model
 * must equal a rebuild from scratch, and each project must have folded each of its events once. A
 * control shows the comparison sees a lost event.
 */
const projectorMain = path.resolve('apps/projector/dist/projector-server.js');
let db: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  await fs.access(projectorMain).catch(() => {
    throw new Error(`${projectorMain} is missing: npm test builds it first (npm run build:server)`);
  });
  db = await createTestDatabase();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gt-crash-'));
});
afterAll(async () => {
  await db.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const startProjector = (): ChildProcess =>
  spawn(process.execPath, [projectorMain], {
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PROJECTOR_BATCH_SIZE: '150',
      // Its health answer on a free port: a fixed one may be taken on a shared machine.
      PROJECTOR_HEALTH_PORT: '0',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );

const projectsCheckpoint = async () => (await readCheckpoints(db.pool)).find((c) => c.name === 'projects')?.position ?? null;

describe('projector killed mid-batch', () => {
  it('resumes from its checkpoint and ends equal to a rebuild, with nothing lost or doubled', async () => {
    const store = new PostgresEventStore(db.pool);
    await appendProjectHistory(store, { projects: 1500, updates: 5, concurrency: 8 });
    const head = await lastEventPosition(db.pool);

    let kills = 0;
    for (let round = 0; round < 3; round++) {
      const child = startProjector();
      const before = await projectsCheckpoint();
      // Once this run has made progress, a random moment more: inside a batch, between two, or in the startup of one.
      for (let i = 0; i < 6000; i++) {
        const now = await projectsCheckpoint();
        if (now && comparePositions(now, head) >= 0) break;
        if (now && (!before || comparePositions(now, before) > 0)) {
          await new Promise((r) => setTimeout(r, Math.random() * 300));
          child.kill('SIGKILL');
          kills++;
          break;
        }
        await new Promise((r) => setTimeout(r, 10));
      }
      child.kill('SIGKILL');
      await exited(child);
    }
    expect(kills).toBeGreaterThan(0);

    const last = startProjector();
    try {
      for (let i = 0; i < 600; i++) {
        const now = await projectsCheckpoint();
        if (now && comparePositions(now, head) >= 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(comparePositions((await projectsCheckpoint())!, head)).toBe(0);
    } finally {
      last.kill('SIGTERM');
      await exited(last);
    }

    const live = await tableSnapshot(db.pool, 'projects');
    expect(live).toHaveLength(1500);
    // Every project folded all 1 + 5 of its events exactly once (revision 5 = the sixth event).
    expect(new Set(live.map((r) => (r as { revision: string }).revision))).toEqual(new Set(['5']));
    const log = createLogger('silent');
    for (const projection of projections) {
      const projected = await readModelSnapshot(db.pool, projection);
      await rebuildProjection(db.pool, store, projection, log);
      expect({ [projection.name]: await readModelSnapshot(db.pool, projection) }).toEqual({ [projection.name]: projected });
    }
    expect(await tableSnapshot(db.pool, 'projects')).toEqual(live);

    // Control: a rebuild that lost one event (the last project update) differs from the live tables.
    const [lastUpdate] = (await store.readAll({ after: null, limit: 100_000 }))
      .filter((e) => e.type !== 'ProjectCreated')
      .slice(-1);
    await rebuildProjection(db.pool, alteredStore(store, lastUpdate!.metadata.eventId, 'lost'), projectsProjection, log);
    expect(await tableSnapshot(db.pool, 'projects')).not.toEqual(live);
  }, 120_000);
});
