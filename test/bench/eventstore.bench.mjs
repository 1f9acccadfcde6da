// npm run bench:eventstore: append throughput (1 and 8 writers) and rebuild throughput of the
// Postgres event store, 100,000 events each, on a fresh embedded Postgres. A benchmark: it prints
// figures and checks nothing.
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  createLogger,
  migratePostgres,
  openPool,
  PostgresEventStore,
  rebuildProjection,
  startEmbeddedPostgres,
} from '@groundtruth/platform';
import { projectsProjection } from '@groundtruth/projector';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
// BENCH_ONLY=eight: only the 8-writer appends and the bare INSERTs beside them (for A/B runs).
const ONLY_EIGHT = process.env.BENCH_ONLY === 'eight';
// BENCH_ONLY=triggers: in one process, rounds of 8-writer appends under each version of the append
// trigger (the migrations', the WHEN candidate, none) and of bare INSERTs, in turn, BENCH_EVENTS each:
// neighbours in time, so the machine's drift touches every version alike (BENCH_ROUNDS, default 7).
const ONLY_TRIGGERS = process.env.BENCH_ONLY === 'triggers';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
// BENCH_APPEND_TRIGGER: the append-announcing trigger to measure. Unset: the migrations' own (010: a
// PL/pgSQL call on every append statement). `when`: a candidate that takes the lock in the trigger's
// WHEN condition and calls the function only for a transaction that wrote before appending. `off`:
// none, what the announcement costs at all; readers are not safe on such a log, only this benchmark
// does it.
const WHEN_TRIGGER = `CREATE TRIGGER gt_events_announce_append BEFORE INSERT ON gt_events FOR EACH STATEMENT
  WHEN (CASE WHEN pg_current_xact_id_if_assigned() IS NULL THEN NOT pg_try_advisory_xact_lock_shared(26484, 1) ELSE true END)
  EXECUTE FUNCTION gt_events_announce_append()`;
const TRIGGER = process.env.BENCH_APPEND_TRIGGER ?? 'current';
if (!['current', 'when', 'off'].includes(TRIGGER)) throw new Error('BENCH_APPEND_TRIGGER is when, off or unset');
if (ONLY_TRIGGERS && TRIGGER !== 'current')
  throw new Error('BENCH_ONLY=triggers compares every version: leave BENCH_APPEND_TRIGGER unset');
// BENCH_SYNC_COMMIT=off: commits do not wait for the disk's flush, so the figures are the appends'
// own work (CPU, locks, the trigger); on a shared machine the flush time varies several-fold between runs.
const SYNC_COMMIT = process.env.BENCH_SYNC_COMMIT === 'off' ? 'off' : 'on';
const PER_STREAM = 10;

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const metadata = () => ({
  eventId: randomUUID(),
  correlationId: 'bench',
  causationId: 'bench',
  userId: null,
  occurredAt: new Date().toISOString(),
});

const created = (id) => ({
  type: 'ProjectCreated',
  data: {
    projectId: id,
    slug: `p-${id}`,
    name: `Project ${id}`,
    description: 'd',
    goal: 'g',
    location: 'l',
    tags: ['bench'],
    privacy: 1,
    showStations: true,
    bounds: null,
    startTime: null,
    endTime: null,
    createdBy: null,
    createdAt: new Date().toISOString(),
  },
  metadata: metadata(),
});
const updated = (id, n) => ({
  type: 'ProjectUpdated',
  data: { projectId: id, changes: { goal: `goal ${n}` }, updatedAt: new Date().toISOString() },
  metadata: metadata(),
});

/** Appends `total` events, one per transaction; each of `writers` concurrent writers fills streams of its own. */
const appendRun = async (store, writers, total, firstId) => {
  const perWriter = Math.ceil(total / writers);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let k = 0; k < perWriter; k++) {
        const id = firstId + w + writers * Math.floor(k / PER_STREAM);
        const rev = k % PER_STREAM;
        await store.append(
          `project-${id}`,
          [rev === 0 ? created(id) : updated(id, rev)],
          rev === 0 ? 'no_stream' : BigInt(rev - 1),
        );
      }
    }),
  );
  return (perWriter * writers) / ((performance.now() - started) / 1000);
};

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gt-bench-'));
await fs.chmod(dir, 0o755);
const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort(), database: 'bench' });
if (SYNC_COMMIT === 'off') {
  const setup = await openPool(pg.url, { variable: 'bench', max: 1 });
  await setup.query('ALTER DATABASE bench SET synchronous_commit = off');
  await setup.end();
}
const pool = await openPool(pg.url, { variable: 'bench', max: 20 });
try {
  await migratePostgres(pool);
  if (TRIGGER !== 'current') await pool.query('DROP TRIGGER gt_events_announce_append ON gt_events');
  if (TRIGGER === 'when') await pool.query(WHEN_TRIGGER);
  const store = new PostgresEventStore(pool);
  const log = createLogger('warn');
  const fmt = (n) => Math.round(n).toLocaleString('en-US');

  console.log(
    `Postgres event store, ${fmt(EVENTS)} events per run, one event per append call (appends in flight together share a commit), ${os.cpus().length} cores, synchronous_commit ${SYNC_COMMIT}, append trigger ${TRIGGER}`,
  );
  if (ONLY_TRIGGERS) await compareTriggers(store, fmt);
  else if (!ONLY_EIGHT) {
    const one = await appendRun(store, 1, EVENTS, 1);
    console.log(`append, 1 writer:   ${fmt(one)} events/s`);
  }
  if (!ONLY_TRIGGERS) await eightAndBare(store, log, fmt);
} finally {
  await pool.end();
  await pg.stop();
  await fs.rm(dir, { recursive: true, force: true });
}

async function eightAndBare(store, log, fmt) {
  const eight = await appendRun(store, 8, EVENTS, 1_000_000);
  console.log(`append, 8 writers:  ${fmt(eight)} events/s   (target >= 10,000)`);

  // The machine's own figure in the same run: one-row INSERTs into a bare table, 8 writers, one
  // transaction each (the "bare Postgres append" the target was set against). Shared VMs vary.
  await pool.query('CREATE TABLE bench_bare (id bigserial PRIMARY KEY, s text NOT NULL, d jsonb NOT NULL)');
  let n = 0;
  const bareStarted = performance.now();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (n < EVENTS) {
        n++;
        await pool.query({ name: 'bare', text: 'INSERT INTO bench_bare (s, d) VALUES ($1, $2)', values: [`s${n}`, '{"a":1}'] });
      }
    }),
  );
  const bare = n / ((performance.now() - bareStarted) / 1000);
  console.log(`bare INSERT, 8 writers: ${fmt(bare)} rows/s (this machine, now); append/bare = ${(eight / bare).toFixed(2)}`);
  if (!ONLY_EIGHT) await readAndRebuild(store, log, fmt);
}

/** Bare one-row INSERTs, 8 writers, one transaction each: rows/s. */
async function bareRun(total) {
  await pool.query('CREATE TABLE IF NOT EXISTS bench_bare (id bigserial PRIMARY KEY, s text NOT NULL, d jsonb NOT NULL)');
  let n = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (n < total) {
        n++;
        await pool.query({ name: 'bare', text: 'INSERT INTO bench_bare (s, d) VALUES ($1, $2)', values: [`s${n}`, '{"a":1}'] });
      }
    }),
  );
  return n / ((performance.now() - started) / 1000);
}

async function compareTriggers(store, fmt) {
  const ddl = {
    current: (await pool.query(`SELECT pg_get_triggerdef(oid) AS d FROM pg_trigger WHERE tgname = 'gt_events_announce_append'`))
      .rows[0].d,
    when: WHEN_TRIGGER,
    off: null,
  };
  const rates = { current: [], when: [], off: [], bare: [] };
  let nextId = 2_000_000;
  for (let round = 0; round < ROUNDS; round++) {
    // The order turns each round, so no version always follows the same one.
    const order = ['current', 'when', 'off', 'bare'].map((_, i, all) => all[(i + round) % all.length]);
    for (const version of order) {
      if (version === 'bare') {
        rates.bare.push(await bareRun(EVENTS));
        continue;
      }
      await pool.query('DROP TRIGGER IF EXISTS gt_events_announce_append ON gt_events');
      if (ddl[version]) await pool.query(ddl[version]);
      rates[version].push(await appendRun(store, 8, EVENTS, nextId));
      nextId += EVENTS;
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const ratios = (a, b) => rates[a].map((x, i) => x / rates[b][i]);
  console.log(`${ROUNDS} rounds of ${fmt(EVENTS)} events, 8 writers; median (min-max) events/s:`);
  for (const v of ['current', 'when', 'off', 'bare']) {
    console.log(`  ${v.padEnd(8)} ${fmt(median(rates[v]))} (${fmt(Math.min(...rates[v]))}-${fmt(Math.max(...rates[v]))})`);
  }
  for (const [a, b] of [
    ['when', 'current'],
    ['current', 'off'],
    ['when', 'off'],
    ['current', 'bare'],
    ['when', 'bare'],
  ]) {
    const r = ratios(a, b);
    console.log(
      `  ${a}/${b} pair by pair: median ${median(r).toFixed(2)} (${Math.min(...r).toFixed(2)}-${Math.max(...r).toFixed(2)})`,
    );
  }
}

async function readAndRebuild(store, log, fmt) {
  let readStarted = performance.now();
  let read = 0;
  for (let after = null; ;) {
    const page = await store.readAll({ after, limit: 5000 });
    if (page.length === 0) break;
    read += page.length;
    after = page[page.length - 1].position;
  }
  console.log(`read the log:       ${fmt(read / ((performance.now() - readStarted) / 1000))} events/s (${fmt(read)} events)`);

  const result = await rebuildProjection(pool, store, projectsProjection, log);
  console.log(
    `rebuild 'projects': ${fmt(result.events / result.seconds)} events/s   (target >= 20,000; ${fmt(result.events)} events, ${result.seconds.toFixed(2)} s)`,
  );
}
