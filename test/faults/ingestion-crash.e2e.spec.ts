import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  newestModuleDefinition,
  owedProcessing,
  type IngestionEvent,
  type IngestionReceived,
} from '../../libs/domain/src/index.js';
import {
  buildAggregates,
  createLogger,
  DataFileWriter,
  encodeDataRecord,
  encodeMetaFile,
  openClickHouse,
  loadConfig,
  openRuntime,
  PostgresEventStore,
  readCheckpoints,
  readingDays,
  rebuildProjection,
  type ClickHouse,
  type EventStore,
} from '../../libs/platform/src/index.js';
import { projections } from '../../apps/projector/src/projections/index.js';
import { callApi, outboxOf, signUp, type TestUser } from '../support/accounts.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { aggregateDifferences } from '../support/direct-buckets.js';
import { summaryDifferences } from '../support/station-summary.js';
import { alteredStore, readModelSnapshot } from '../support/read-models.js';

/**
 * The whole product (the built `npm start`: API, projector and the ingestion process manager in
 * one process) killed with SIGKILL at random moments while a large upload is received and
 * processed, CSV imports and reprocessing requests come in and commands run; restarted each time.
 * At the end every upload the product recorded must be processed, ClickHouse must hold exactly
 * the readings of those uploads (count and sum per station and sensor, against the files sent),
 * every aggregate level must equal a direct computation (count, sum, min, max and latest per
 * bucket), and every read model must equal a rebuild from the log. Every other round kills as soon
 * as the log owes processing, and the test asserts that kills landed while processing was owed (read
 * from the log once the process is dead). Controls show that the checks catch a doubled write, a
 * bucket wrong only in its min, max or latest, and a lost event.
 * Rounds: FAULT_ROUNDS (3 in `npm test`, 20 with `npm run faults`).
 */
const ROUNDS = Number(process.env['FAULT_ROUNDS'] ?? 3);
const main = path.resolve('apps/api/dist/main.js');
const RECORDS = 20_000; // one-minute records per large upload: 40,000 readings, ~0.8 MB
const STEP_S = 60;
const T0 = Math.floor(Date.UTC(2025, 0, 1) / 1000);
const module = newestModuleDefinition('fk.water.ec')!;
const sensors = module.sensors.slice(0, 2);
const csvSensor = 'fk.water.temp.temp';
const generation = '0123456789abcdef';
const deviceHex = (n: number) => (0xfa_0000_0000 + n).toString(16).padStart(16, '0');

type Expected = { count: number; sum: number };
/** What each file sent holds, by its first block (unique per file): station and sensor id → count and sum. */
const sent = new Map<number, { stationId: number; readings: Map<number, Expected> }>();

let db: TestDatabase;
let dataDir: string;
let port: number;
let child: ChildProcess | null = null;
let user: TestUser;
const stationIds: number[] = [];
let csvSensorId = 0;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port: p } = server.address() as net.AddressInfo;
      server.close(() => resolve(p));
    });
    server.on('error', reject);
  });

const url = () => `http://127.0.0.1:${port}`;

const start = async (): Promise<void> => {
  const proc = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'error',
      SEED_DEMO_DATA: 'false',
      AUTH_RATE_LIMIT: '100000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  child = proc;
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`the product exited (${proc.exitCode}): ${stderr}`);
    const up = await fetch(`${url()}/api/status`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the product did not come up: ${stderr}`);
};

const exited = (proc: ChildProcess) =>
  new Promise<void>((resolve) =>
    proc.exitCode !== null || proc.signalCode !== null ? resolve() : proc.once('exit', () => resolve()),
  );

const kill = async (signal: NodeJS.Signals): Promise<void> => {
  const proc = child;
  child = null;
  if (!proc) return;
  proc.kill(signal);
  await exited(proc);
};

const metaFile = (n: number) =>
  encodeMetaFile([
    {
      record: 1,
      time: T0,
      dataRecord: {
        modules: [
          {
            position: 0,
            address: 0,
            name: module.key,
            header: { manufacturer: module.manufacturer, kind: module.kinds.at(-1)!, version: module.version[0] ?? 1 },
            sensors: sensors.map((s, number) => ({ number, name: s.firmwareKey, unitOfMeasure: s.unitOfMeasure, flags: 0 })),
            id: Buffer.from(`${deviceHex(n)}01`, 'hex'),
            flags: 0,
          },
        ],
      },
    },
  ] as never);

/** A data file of `RECORDS` one-minute records from `startS`, each sensor a value from a seeded sequence; remembered by its first block. */
const dataFile = (stationIndex: number, fileNo: number, startS: number) => {
  const writer = new DataFileWriter(RECORDS * 40);
  const values = sensors.map((_, i) => ({ sensor: i, calibratedValue: 0 }));
  const record = {
    modules: [],
    readings: {
      time: 0,
      reading: 0,
      flags: 0,
      location: undefined,
      sensorGroups: [{ module: 0, time: 0, readings: values }],
      meta: 1,
      uptime: 0,
    },
  };
  const totals = new Map<number, Expected>(sensors.map((s) => [s.id, { count: 0, sum: 0 }]));
  let seed = fileNo * 7919 + 17;
  for (let i = 0; i < RECORDS; i++) {
    record.readings.time = startS + i * STEP_S;
    record.readings.reading = i + 1;
    sensors.forEach((s, k) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const value = Math.round(seed % 100_000) / 100;
      values[k]!.calibratedValue = value;
      const t = totals.get(s.id)!;
      t.count += 1;
      t.sum += value;
    });
    writer.record(record as never, encodeDataRecord);
  }
  const first = fileNo * 1_000_000 + 1;
  sent.set(first, { stationId: stationIds[stationIndex]!, readings: totals });
  return { body: writer.finish(), blocks: `${first},${first + RECORDS - 1}` };
};

/** A CSV import of `rows` readings of the temperature sensor; its first block is 1, so it is told apart by station. */
const csvFile = (fileNo: number, startS: number, rows: number) => {
  let sum = 0;
  const lines = [`time,${csvSensor}`];
  for (let i = 0; i < rows; i++) {
    const value = (fileNo * 31 + i) % 50;
    sum += value;
    lines.push(`${new Date((startS + i * STEP_S) * 1000).toISOString()},${value}`);
  }
  return { text: `${lines.join('\n')}\n`, expected: { count: rows, sum } };
};

const post = (pathname: string, body: Uint8Array | string, headers: Record<string, string>) =>
  fetch(`${url()}${pathname}`, { method: 'POST', headers: { authorization: `Bearer ${user.token}`, ...headers }, body }).then(
    async (r) => ({ status: r.status, body: (await r.json().catch(() => null)) as Record<string, unknown> | null }),
    () => null, // killed before answering
  );

const uploadData = (stationIndex: number, file: { body: Uint8Array; blocks: string }, type: 'meta' | 'data' = 'data') =>
  post('/api/ingestion', file.body, {
    'content-type': 'application/vnd.fk.data+binary',
    'fk-deviceid': deviceHex(stationIndex),
    'fk-generation': generation,
    'fk-type': type,
    'fk-blocks': file.blocks,
  });

/** CSV imports by ingestion id (known only for those answered) and by station, for the expected totals. */
const csvSent: { stationId: number; text: string; expected: Expected }[] = [];

beforeAll(async () => {
  await fs.access(main).catch(() => {
    throw new Error(`${main} is missing: build first (npm run build:server)`);
  });
  db = await createTestDatabase({ migrate: false });
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gt-ingest-crash-'));
  port = await freePort();
});
let closeRuntime: () => Promise<void> = async () => undefined;
afterAll(async () => {
  await kill('SIGKILL');
  await closeRuntime();
  await db.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Whether any upload in the log is owed its processing (its stream, not a read model, says so). */
const owedInLog = async (): Promise<boolean> => {
  const streams = await ingestionStreams(new PostgresEventStore(db.pool));
  return [...streams.values()].some((events) => owedProcessing(events) !== null);
};

/** Every ingestion stream in the log, by id. */
const ingestionStreams = async (store: EventStore): Promise<Map<number, IngestionEvent[]>> => {
  const streams = new Map<number, IngestionEvent[]>();
  for (let after = null as Parameters<EventStore['readAll']>[0]['after']; ;) {
    const batch = await store.readAll({ after, limit: 5000 });
    if (batch.length === 0) break;
    for (const e of batch) {
      if (!e.streamId.startsWith('ingestion-')) continue;
      const id = Number(e.streamId.slice('ingestion-'.length));
      streams.set(id, [...(streams.get(id) ?? []), e as unknown as IngestionEvent]);
    }
    after = batch[batch.length - 1]!.position;
  }
  return streams;
};

describe('the product killed while uploads are processed', () => {
  it(
    `ends with every upload processed, exactly its readings, exact aggregates and read models equal to a rebuild (${ROUNDS} kills)`,
    async () => {
      const began = Date.now();
      const mark = (what: string) =>
        process.stdout.write(`ingestion crash: ${what} at ${((Date.now() - began) / 1000).toFixed(1)} s\n`);
      await start();
      mark('started');
      user = await signUp({ url: url() }, outboxOf(dataDir));
      for (let n = 0; n < 2; n++) {
        const station = await callApi(url(), 'POST', '/api/stations', {
          token: user.token,
          body: { deviceId: deviceHex(n), name: `Crash ${n}` },
        });
        stationIds.push(station.body!['id'] as number);
        const meta = await uploadData(n, { body: metaFile(n), blocks: '1,1' }, 'meta');
        expect(meta?.status).toBe(200);
      }
      csvSensorId = (await import('../../libs/domain/src/index.js')).sensorByFullKey(csvSensor)!.id;
      // Readings of the last hours too, so that the recent maxima the page path keeps are checked.
      const recent = csvFile(ROUNDS + 1, Math.floor(Date.now() / 1000) - 3 * 3600, 50);
      csvSent.push({ stationId: stationIds[0]!, text: recent.text, expected: recent.expected });
      expect((await post(`/api/data/stations/${stationIds[0]}/csv`, recent.text, { 'content-type': 'text/csv' }))?.status).toBe(
        200,
      );

      let killedWhileOwed = 0;
      for (let round = 0; round < ROUNDS; round++) {
        if (!child) await start();
        mark(`round ${round} up`);
        const stationIndex = round % 2;
        // A large upload, a CSV import, a reprocessing of an earlier upload, and commands, at once.
        const big = dataFile(stationIndex, round + 1, T0 + round * RECORDS * STEP_S);
        const csv = csvFile(round, T0 - (round + 1) * 86_400, 50);
        const traffic = [
          uploadData(stationIndex, big),
          post(`/api/data/stations/${stationIds[1 - stationIndex]}/csv`, csv.text, { 'content-type': 'text/csv' }),
          post(
            '/api/projects',
            JSON.stringify({ name: `Round ${round}`, description: 'fault test', goal: 'g', location: 'l', privacy: 0 }),
            {
              'content-type': 'application/json',
            },
          ),
          fetch(`${url()}/api/stations/${stationIds[stationIndex]}`, {
            method: 'PATCH',
            headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ name: `Crash ${stationIndex} round ${round}` }),
          }).catch(() => null),
        ];
        if (round > 0) {
          const r = await db.pool.query<{ id: string }>(
            `SELECT id FROM ingestions WHERE type = 'data' ORDER BY random() LIMIT 1`,
          );
          if (r.rows[0]) traffic.push(post(`/api/data/ingestions/${r.rows[0].id}/process`, '', {}));
        }
        csvSent.push({ stationId: stationIds[1 - stationIndex]!, text: csv.text, expected: csv.expected });
        if (round % 2 === 1) {
          // Soon after the log owes processing (an upload received, or a reprocessing asked for).
          for (let i = 0; i < 300 && !(await owedInLog()); i++) await new Promise((r) => setTimeout(r, 20));
          await new Promise((r) => setTimeout(r, Math.random() * 200));
        } else {
          // A random moment: while the upload is received, processed, or already done.
          await new Promise((r) => setTimeout(r, Math.random() * 2500));
        }
        await kill('SIGKILL');
        // Read once the process is dead: what the log owed when the kill landed.
        if (await owedInLog()) killedWhileOwed += 1;
        await Promise.all(traffic);
      }

      // The last restart: let it finish everything, then stop it cleanly.
      await start();
      mark('last start');
      for (let i = 0; ; i++) {
        const status = await callApi(url(), 'GET', '/api/status');
        const ing = status.body?.['ingestions'] as { lag: number; received: number; processing: number; waiting: number } | null;
        const projectionsLag = (status.body?.['projections'] as { lag: number }[] | undefined)?.every((p) => p.lag === 0);
        if (ing && ing.lag === 0 && ing.received + ing.processing + ing.waiting === 0 && projectionsLag) break;
        if (i > 1200) throw new Error(`uploads not all processed: ${JSON.stringify(status.body)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      await kill('SIGTERM');
      mark('all processed');
      process.stdout.write(`ingestion crash: ${ROUNDS} kills, ${killedWhileOwed} with an upload not processed yet\n`);
      // Else the kills tested only a restart, not resuming owed work.
      expect(killedWhileOwed).toBeGreaterThan(0);

      // The product's own event store (it unseals personal data, as the projector reads it).
      const log = createLogger('silent');
      const runtime = await openRuntime(loadConfig({ DATABASE_URL: db.url, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), log, {
        clickhouse: false,
      });
      closeRuntime = () => runtime.close();
      const store = runtime.store;
      const streams = await ingestionStreams(store);

      // 1. Every upload recorded ends processed (nothing owed in its stream).
      const owedNow = [...streams].filter(([, events]) => owedProcessing(events) !== null).map(([id]) => id);
      expect(owedNow).toEqual([]);

      // 2. ClickHouse holds exactly the readings of the uploads recorded.
      const expected = new Map<string, Expected>();
      const add = (stationId: number, sensorId: number, e: Expected) => {
        const key = `${stationId}/${sensorId}`;
        const t = expected.get(key) ?? { count: 0, sum: 0 };
        expected.set(key, { count: t.count + e.count, sum: t.sum + e.sum });
      };
      const csvByContent = new Map(csvSent.map((c) => [c.text, c]));
      let recordedCsv = 0;
      const ch: ClickHouse = await openClickHouse({ dataDir });
      try {
        for (const [id, events] of streams) {
          const received = events.find((e) => e.type === 'IngestionReceived') as IngestionReceived | undefined;
          if (!received || received.data.type === 'meta') continue;
          if (received.data.type === 'data') {
            const file = sent.get(received.data.blocks[0]);
            if (!file) throw new Error(`ingestion ${id}: blocks ${received.data.blocks.join(',')} match no file sent`);
            for (const [sensorId, e] of file.readings) add(file.stationId, sensorId, e);
          } else if (received.data.type === 'csv') {
            const blob = await fs.readFile(path.join(dataDir, received.data.blobKey)).catch(() => null);
            const text = blob?.toString('utf8') ?? null;
            const c = text === null ? undefined : csvByContent.get(text);
            if (!c) throw new Error(`ingestion ${id}: a CSV import not sent by this test (or its file is missing)`);
            recordedCsv += 1;
            add(c.stationId, csvSensorId, c.expected);
          }
        }
        const stored = await ch.client.query({
          query: `SELECT station_id, sensor_id, count() AS n, sum(value) AS s FROM readings FINAL GROUP BY station_id, sensor_id`,
          format: 'JSONEachRow',
        });
        const actual = new Map(
          (await stored.json<{ station_id: number; sensor_id: number; n: string; s: number }>()).map((r) => [
            `${r.station_id}/${r.sensor_id}`,
            { count: Number(r.n), sum: Number(r.s) },
          ]),
        );
        // Counts exactly, sums to a millionth (summed in another order).
        const mismatches = [...new Set([...expected.keys(), ...actual.keys()])]
          .map((key) => ({ key, expected: expected.get(key) ?? null, stored: actual.get(key) ?? null }))
          .filter(
            ({ expected: e, stored: a }) =>
              !e || !a || e.count !== a.count || Math.abs(e.sum - a.sum) > 1e-6 * Math.max(1, Math.abs(e.sum)),
          );
        expect(mismatches).toEqual([]);
        expect(expected.size).toBeGreaterThan(0);
        expect(recordedCsv).toBeGreaterThan(0);

        // 3. Every aggregate level equals a direct computation over the readings.
        expect(await aggregateDifferences(ch.client)).toEqual([]);

        // 3b. The page path's readings summary in Postgres (latest reading and count per sensor, recent
        // ten-minute maxima) equals the readings: written before each processing was recorded.
        const checkedAt = Date.now();
        expect(await summaryDifferences(db.pool, ch.client, checkedAt)).toEqual([]);
        const kept = await db.pool.query<{ latest: number; recent: number }>(
          'SELECT (SELECT count(*)::int FROM gt_sensor_latest) AS latest, (SELECT count(*)::int FROM gt_sensor_recent) AS recent',
        );
        expect(kept.rows[0]!.latest).toBeGreaterThan(0);
        expect(kept.rows[0]!.recent).toBeGreaterThan(0);
        // Control: a count one off and a recent maximum gone are each seen.
        await db.pool.query(
          'UPDATE gt_sensor_latest SET samples = samples + 1 WHERE ctid = (SELECT ctid FROM gt_sensor_latest LIMIT 1)',
        );
        await db.pool.query(
          `DELETE FROM gt_sensor_recent WHERE ctid = (SELECT ctid FROM gt_sensor_recent WHERE bucket >= now() - interval '72 hours' LIMIT 1)`,
        );
        expect((await summaryDifferences(db.pool, ch.client, checkedAt)).map((d) => d.table)).toEqual([
          'gt_sensor_latest',
          'gt_sensor_recent',
        ]);

        // Control: a row that adds nothing to a bucket's count and sum but lowers its min (at 10m),
        // raises its max (at 1h) or moves its latest reading (at 6h) is seen, in that field only;
        // the station's days built again (replacing) make the levels exact again.
        const one = await ch.client.query({ query: 'SELECT min(station_id) AS s FROM readings', format: 'JSONEachRow' });
        const station = Number((await one.json<{ s: number }>())[0]!.s);
        const before1970 = `(fromUnixTimestamp64Milli(0, 'UTC'), 0)`;
        const planted = [
          { level: '10m', min: -1e12, max: -1e12, last: before1970 },
          { level: '1h', min: 1e12, max: 1e12, last: before1970 },
          // The bucket's last millisecond: later than any reading in it.
          {
            level: '6h',
            min: 1e12,
            max: -1e12,
            last: `(fromUnixTimestamp64Milli(toUnixTimestamp64Milli(bucket) + ${6 * 3600 * 1000 - 1}, 'UTC'), 1e12)`,
          },
        ];
        for (const p of planted) {
          await ch.client.command({
            query: `INSERT INTO readings_${p.level} (station_id, sensor_id, module_id, bucket, value_min, value_max, value_sum, value_count, value_last)
                    SELECT station_id, sensor_id, module_id, bucket, ${p.min}, ${p.max}, 0, 0, ${p.last}
                      FROM readings_${p.level} WHERE station_id = ${station} ORDER BY bucket DESC LIMIT 1`,
          });
        }
        const exactBut = { buckets: 1, count: 0, sum: 0, min: 0, max: 0, last: 0 };
        expect(await aggregateDifferences(ch.client)).toEqual([
          { ...exactBut, level: '10m', min: 1 },
          { ...exactBut, level: '1h', max: 1 },
          { ...exactBut, level: '6h', last: 1 },
        ]);
        await buildAggregates(ch, station, await readingDays(ch, station), { mode: 'replace' });
        expect(await aggregateDifferences(ch.client)).toEqual([]);

        // Control: one station's days built again without deleting what they held (a build wrongly
        // told they held nothing) leave `readings FINAL` as it was but double its aggregates: the
        // check above sees it.
        await buildAggregates(ch, station, await readingDays(ch, station), { mode: 'fresh' });
        expect((await aggregateDifferences(ch.client)).length).toBeGreaterThan(0);
      } finally {
        await ch.close();
      }

      mark('readings checked');
      // 4. Every read model equals a rebuild from the log.
      for (const projection of projections) {
        const live = await readModelSnapshot(db.pool, projection);
        await rebuildProjection(db.pool, store, projection, log);
        expect({ [projection.name]: await readModelSnapshot(db.pool, projection) }).toEqual({ [projection.name]: live });
      }
      expect((await readCheckpoints(db.pool)).filter((c) => c.state !== 'running')).toEqual([]);

      // Control: the same comparison after a rebuild that lost one event, or saw one twice, differs.
      const ingestions = projections.find((p) => p.name === 'ingestions')!;
      const truth = await readModelSnapshot(db.pool, ingestions);
      const lastProcessed = [...streams.values()]
        .flat()
        .filter((e) => e.type === 'IngestionProcessed')
        .at(-1) as unknown as {
        metadata: { eventId: string };
      };
      await rebuildProjection(db.pool, alteredStore(store, lastProcessed.metadata.eventId, 'lost'), ingestions, log);
      expect(await readModelSnapshot(db.pool, ingestions)).not.toEqual(truth);
      const activity = projections.find((p) => p.name === 'activity');
      const firstReceived = [...streams.values()]
        .flat()
        .find((e) => e.type === 'IngestionReceived' && e.data.type === 'data') as unknown as {
        metadata: { eventId: string };
      };
      if (activity) {
        const activityTruth = await readModelSnapshot(db.pool, activity);
        await rebuildProjection(db.pool, alteredStore(store, firstReceived.metadata.eventId, 'lost'), activity, log);
        expect(await readModelSnapshot(db.pool, activity)).not.toEqual(activityTruth);
      }
      await rebuildProjection(db.pool, store, ingestions, log);
      expect(await readModelSnapshot(db.pool, ingestions)).toEqual(truth);
    },
    60_000 + ROUNDS * 30_000,
  );
});
