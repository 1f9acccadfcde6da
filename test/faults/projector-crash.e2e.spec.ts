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
  SealingEventStore,
  SubjectKeyStore,
  type LogPosition,
} from '../../libs/platform/src/index.js';
import { projections, projectsProjection } from '../../apps/projector/src/projections/index.js';
import { appendMixedHistory, DISCUSSION_PROJECTS_FROM, mixedSliceIds, type MixedSliceSize } from '../support/mixed-history.js';
import { tableSnapshot } from '../support/project-events.js';
import { alteredStore, lastEventPosition, readModelSnapshot } from '../support/read-models.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/**
 * Kills the real projector process (the built `npm run start:projector`) with SIGKILL at random
 * moments while it works through the log, once a round, then lets it finish: every read model
 * must equal a rebuild from scratch, and each project must have folded each of its events once.
 * Each round first appends one more slice of a history that touches every projection (projects,
 * accounts and sessions, stations, notes, uploads, LoRaWAN webhooks), so every round has work in
 * every projection to interrupt. A control shows the comparison sees a lost event.
 * Rounds: FAULT_ROUNDS (3 in `npm test`, 20 with `npm run faults`).
 */
const ROUNDS = Number(process.env['FAULT_ROUNDS'] ?? 3);
const SLICE: MixedSliceSize = { projects: 300, teams: 6, users: 12, stations: 10, notes: 4 };
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

const names = new Set(projections.map((p) => p.name));
/** Each projection's checkpoint (null before its first batch). */
const checkpoints = async (): Promise<Map<string, LogPosition | null>> => {
  const rows = (await readCheckpoints(db.pool)).filter((c) => names.has(c.name));
  return new Map([...names].map((n) => [n, rows.find((c) => c.name === n)?.position ?? null]));
};
const behind = (at: Map<string, LogPosition | null>, head: LogPosition) =>
  [...at].filter(([, p]) => !p || comparePositions(p, head) < 0).map(([n]) => n);
const advanced = (now: Map<string, LogPosition | null>, before: Map<string, LogPosition | null>) =>
  [...now].some(([n, p]) => p && (!before.get(n) || comparePositions(p, before.get(n)!) > 0));

describe('projector killed mid-batch', () => {
  it(
    `resumes from its checkpoints and ends equal to a rebuild in every projection, nothing lost or doubled (${ROUNDS} kills)`,
    async () => {
      const keys = new SubjectKeyStore(db.pool);
      // As in the product: personal data sealed on append, opened (or erased) on read.
      const store = new SealingEventStore(new PostgresEventStore(db.pool), keys);

      let kills = 0;
      let killedBehind = 0;
      for (let round = 0; round < ROUNDS; round++) {
        await appendMixedHistory(store, keys, round, SLICE);
        const head = await lastEventPosition(db.pool);
        const before = await checkpoints();
        const child = startProjector();
        // Once this run has made progress in any projection, a random moment more: inside a batch, between two, or in the startup of one.
        // (Up to a minute for the process to start: it composes the whole app, for the ingestion process manager.)
        for (let i = 0; i < 6000; i++) {
          const now = await checkpoints();
          if (behind(now, head).length === 0) break;
          if (advanced(now, before)) {
            await new Promise((r) => setTimeout(r, Math.random() * 300));
            child.kill('SIGKILL');
            kills++;
            break;
          }
          await new Promise((r) => setTimeout(r, 10));
        }
        child.kill('SIGKILL');
        await exited(child);
        // Read once the process is dead, so this is where the kill found it.
        if (behind(await checkpoints(), head).length > 0) killedBehind++;
      }
      // Each round's slice is work enough that the kill finds it unfinished (else the test tests nothing).
      expect({ kills, killedBehind }).toEqual({ kills: ROUNDS, killedBehind: ROUNDS });

      const head = await lastEventPosition(db.pool);
      const last = startProjector();
      try {
        for (let i = 0; i < 1200 && behind(await checkpoints(), head).length > 0; i++) {
          await new Promise((r) => setTimeout(r, 50));
        }
        expect(behind(await checkpoints(), head)).toEqual([]);
      } finally {
        last.kill('SIGTERM');
        await exited(last);
      }

      const live = await tableSnapshot(db.pool, 'projects');
      const teams = new Set(
        Array.from({ length: ROUNDS }, (_, r) => mixedSliceIds(r, SLICE).firstProject).flatMap((first) =>
          Array.from({ length: SLICE.teams }, (_, i) => String(first + i)),
        ),
      );
      // The discussion history's own projects have a life of their own too.
      const plain = live.filter(
        (r) => !teams.has((r as { id: string }).id) && Number((r as { id: string }).id) < DISCUSSION_PROJECTS_FROM,
      );
      expect(plain).toHaveLength(ROUNDS * (SLICE.projects - SLICE.teams));
      // Every project without a team history folded all 1 + 5 of its events exactly once (revision 5 = the sixth event).
      expect(new Set(plain.map((r) => (r as { revision: string }).revision))).toEqual(new Set(['5']));
      const log = createLogger('silent');
      for (const projection of projections) {
        const projected = await readModelSnapshot(db.pool, projection);
        // Not nothing against nothing: every table of every projection holds rows.
        const empty = Object.entries(projected)
          .filter(([, rows]) => rows.length === 0)
          .map(([table]) => table);
        expect({ [projection.name]: empty }).toEqual({ [projection.name]: [] });
        await rebuildProjection(db.pool, store, projection, log);
        expect({ [projection.name]: await readModelSnapshot(db.pool, projection) }).toEqual({ [projection.name]: projected });
      }
      expect(await tableSnapshot(db.pool, 'projects')).toEqual(live);

      // Control: a rebuild that lost one event (the last project update) differs from the live tables.
      const [lastUpdate] = (await store.readAll({ after: null, limit: 1_000_000 }))
        .filter((e) => e.type === 'ProjectUpdated')
        .slice(-1);
      await rebuildProjection(db.pool, alteredStore(store, lastUpdate!.metadata.eventId, 'lost'), projectsProjection, log);
      expect(await tableSnapshot(db.pool, 'projects')).not.toEqual(live);
    },
    120_000 + ROUNDS * 60_000,
  );
});
