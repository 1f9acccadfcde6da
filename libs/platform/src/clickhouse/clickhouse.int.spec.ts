import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openClickHouse, RECENT_ANSWER_MS, type ClickHouse } from './clickhouse.client.js';
import { CLICKHOUSE_MIGRATIONS_DIR, migrateClickHouse } from './clickhouse.migrator.js';

const tempDir = (prefix: string): string => mkdtempSync(join(tmpdir(), prefix));
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

type Reading = {
  station_id: number;
  module_id: number;
  sensor_id: number;
  time: string;
  value: number;
  ingestion_id: string;
  version: string;
};

describe('embedded ClickHouse (chDB)', () => {
  let dataDir: string;
  let sut: ClickHouse;

  beforeAll(async () => {
    dataDir = tempDir('gt-ch-');
    sut = await openClickHouse({ dataDir });
  });

  afterAll(async () => {
    await sut?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps its data under DATA_DIR/clickhouse, in the groundtruth database', async () => {
    expect(sut.mode).toBe('chdb');
    expect(existsSync(join(dataDir, 'clickhouse', 'metadata'))).toBe(true);
    expect(await sut.ping()).toBe(true);
    const rows = await sut.client.query({ query: 'SELECT currentDatabase() AS db', format: 'JSONEachRow' });
    expect(await rows.json()).toEqual([{ db: 'groundtruth' }]);
  });

  describe('ping while a long statement runs (chDB runs one at a time)', () => {
    beforeAll(async () => {
      await sut.client.command({ query: 'CREATE TABLE ping_load (n UInt64) ENGINE = MergeTree ORDER BY n' });
    });
    afterAll(async () => {
      await sut.client.command({ query: 'DROP TABLE ping_load' });
    });

    /** Starts a statement of about a second and pings while it runs: answers the order in which they end. */
    const pingDuringLongInsert = async (ping: () => Promise<boolean> = () => sut.ping()): Promise<string[]> => {
      const order: string[] = [];
      const insert = sut.client
        .command({ query: 'INSERT INTO ping_load SELECT cityHash64(number) FROM numbers(8000000)' })
        .then(() => order.push('insert'));
      // Long enough for the insert to reach the engine; far shorter than the insert.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const pinged = ping().then((ok) => order.push(`ping ${ok}`));
      await Promise.all([insert, pinged]);
      return order;
    };

    it('answers at once from the engine’s recent answers, without queueing behind the insert', async () => {
      await sut.client.query({ query: 'SELECT 1', format: 'JSONEachRow' });
      expect(await pingDuringLongInsert()).toEqual(['ping true', 'insert']);
    }, 60_000);

    it(`with no answer in the last ${RECENT_ANSWER_MS / 1000} s, asks a chart session: still not behind the insert`, async () => {
      await new Promise((resolve) => setTimeout(resolve, RECENT_ANSWER_MS + 200));
      expect(await pingDuringLongInsert()).toEqual(['ping true', 'insert']);
    }, 60_000);

    it('control: a ping on the product’s own session queues behind the insert', async () => {
      await new Promise((resolve) => setTimeout(resolve, RECENT_ANSWER_MS + 200));
      const onMain = () => sut.client.ping({ select: true }).then((r) => r.success);
      // Ends after the insert, or gives up (false) if the insert outlasts its timeout.
      expect(await pingDuringLongInsert(onMain)).not.toEqual(['ping true', 'insert']);
    }, 60_000);
  });

  it('runs heavy work in a session of its own, beside the main one, and clears what a failure left there', async () => {
    const done: string[] = [];
    const heavy = sut
      .heavy(async (client) => {
        const rows = await client.query({
          query: "SELECT count() AS n FROM numbers(1e11) SETTINGS max_execution_time = 2, timeout_overflow_mode = 'break'",
          format: 'JSONEachRow',
        });
        return rows.json();
      })
      .then(() => done.push('heavy'));
    await new Promise((r) => setTimeout(r, 300));
    await (await sut.client.query({ query: 'SELECT 1 AS one', format: 'JSONEachRow' })).json();
    done.push('main');
    await heavy;
    expect(done).toEqual(['main', 'heavy']);

    // A statement that fails after JSON's header was written leaves it in the session; a query in the same turn clears it.
    const failed = await sut
      .heavy(async (client) => {
        try {
          const answer = await client.exec({
            query: "SELECT groupArray(repeat('x', 100000)) FROM numbers(100000) SETTINGS max_memory_usage = 10000000 FORMAT JSON",
          });
          for await (const _ of answer.stream) void _;
          return null;
        } catch (error) {
          await (await client.query({ query: 'SELECT 1', format: 'TabSeparated' })).text();
          return error;
        }
      })
      .catch((error: unknown) => error);
    expect(String(failed)).toMatch(/memory limit/i);
    expect(
      await sut.heavy(async (client) => (await client.query({ query: 'SELECT 2 AS two', format: 'JSONEachRow' })).json()),
    ).toEqual([{ two: 2 }]);
  });

  it('runs chart reads beside a long statement of the main session (which a read on the main session waits for: the control)', async () => {
    const long = "SELECT count() AS n FROM numbers(1e11) SETTINGS max_execution_time = 1.5, timeout_overflow_mode = 'break'";
    const timed = async (read: () => Promise<unknown>) => {
      const busy = sut.client.query({ query: long, format: 'JSONEachRow' }).then((r) => r.json());
      await new Promise((r) => setTimeout(r, 200));
      const began = performance.now();
      await read();
      const took = performance.now() - began;
      await busy;
      return took;
    };
    const one = (client: ClickHouse['client']) =>
      client.query({ query: 'SELECT {n:UInt8} AS one', query_params: { n: 1 }, format: 'JSONEachRow' }).then((r) => r.json());
    const beside = await timed(() => sut.charts(one));
    const behind = await timed(() => one(sut.client));
    expect(behind).toBeGreaterThan(800);
    expect(beside).toBeLessThan(behind / 2);
    // Parameters are written in on the chart sessions: the answer is the same.
    expect(await sut.charts(one)).toEqual([{ one: 1 }]);
  }, 60_000);

  it('clears what a failed chart read left in its session, so the next chart read answers alone', async () => {
    const failing = "SELECT number, throwIf(number = 300000, 'boom') AS x FROM numbers(400000) SETTINGS max_block_size = 1000";
    const fail = (client: ClickHouse['client']) => client.query({ query: failing, format: 'JSONEachRow' }).then((r) => r.text());
    const failed = (work: Promise<unknown>) =>
      work.then(
        () => null,
        (error: unknown) => error,
      );
    const second = (client: ClickHouse['client']) =>
      client.query({ query: 'SELECT 2 AS two', format: 'JSONEachRow' }).then((r) => r.text());
    // Every chart session gets a failed read (with one session free, reads go to the least busy one).
    for (let i = 0; i < 4; i++) {
      const [first] = await Promise.all([failed(sut.charts(fail)), failed(sut.charts(fail))]);
      expect(String(first)).toMatch(/boom/);
    }
    const answers = await Promise.all([sut.charts(second), sut.charts(second), sut.charts(second)]);
    expect(answers).toEqual(['{"two":2}\n', '{"two":2}\n', '{"two":2}\n']);
    // The control: in a session of its own with no clearing, the failed statement's rows come first.
    const raw = await sut.heavy(async (client) => {
      await failed(fail(client));
      return second(client);
    });
    expect(raw.length).toBeGreaterThan(1000);
    expect(raw.endsWith('{"two":2}\n')).toBe(true);
    await sut.heavy((client) => second(client));
  }, 60_000);

  it('othersFirst settles once the calls in flight when asked have settled, not the calls sent after', async () => {
    const order: string[] = [];
    const slow = sut.client
      .query({ query: 'SELECT sum(cityHash64(number)) FROM numbers(20000000)', format: 'JSONEachRow' })
      .then((r) => (order.push('in flight'), r.json()));
    const first = sut.othersFirst().then(() => order.push('othersFirst'));
    // Sent once the first is surely in the engine: othersFirst must not wait for it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const later = sut.client
      .query({ query: 'SELECT sum(cityHash64(number)) FROM numbers(20000000)', format: 'JSONEachRow' })
      .then((r) => (order.push('sent after'), r.json()));
    await Promise.all([slow, first, later]);
    // A no-op othersFirst would come first; one waiting for every call would come last.
    expect(order).toEqual(['in flight', 'othersFirst', 'sent after']);
  }, 60_000);

  describe('statements waiting for the engine', () => {
    const SLOW = 'SELECT sum(number) FROM numbers(600000000)';
    // Each takes about 100 ms here; libuv's pool has four threads, so four waiting would fill it.
    const QUEUED = 8;
    /** The file read's bound with the turns; the control shows raw chDB cannot keep it. */
    const BOUND_MS = 100;

    it('hold no thread of libuv’s pool: a file read meanwhile is answered at once', async () => {
      const { stat } = await import('node:fs/promises');
      const statements = Array.from({ length: QUEUED }, () => sut.client.query({ query: SLOW, format: 'JSONEachRow' }));
      await new Promise((resolve) => setTimeout(resolve, 30));
      const t = performance.now();
      await stat('/');
      const waited = performance.now() - t;
      await Promise.all(statements);
      expect(waited).toBeLessThan(BOUND_MS);
    }, 60_000);

    it('control: sent to chDB directly, they hold the pool and the file read waits', async () => {
      const script = `
        import { createChdbConnection } from 'chdb/connection';
        import { stat } from 'node:fs/promises';
        const c = createChdbConnection({ path: process.argv[1] });
        const statements = Array.from({ length: ${QUEUED} }, () => c.query({ query: ${JSON.stringify(SLOW)}, format: 'JSONEachRow' }));
        await new Promise((resolve) => setTimeout(resolve, 30));
        const t = performance.now();
        await stat('/');
        const waited = performance.now() - t;
        await Promise.all(statements);
        console.log('WAITED ' + waited);
        process.exit(0);`;
      const dir = tempDir('gt-ch-raw-');
      try {
        const child = spawn(process.execPath, ['--input-type=module', '-e', script, dir], { cwd: repoRoot });
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
        await new Promise((resolve) => child.on('exit', resolve));
        const waited = Number(/WAITED ([\d.]+)/.exec(out)?.[1] ?? NaN);
        // Twice the bound above, so the machine's speed does not decide the control.
        expect(waited).toBeGreaterThan(2 * BOUND_MS);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }, 60_000);

    it('a read sent behind queued writes goes before them', async () => {
      const order: string[] = [];
      const write = (name: string) => sut.client.command({ query: SLOW }).then(() => order.push(name));
      const calls = [write('write 1'), write('write 2')];
      calls.push(sut.client.query({ query: 'SELECT 1', format: 'JSONEachRow' }).then(() => order.push('read')));
      await Promise.all(calls);
      expect(order).toEqual(['write 1', 'read', 'write 2']);
    }, 60_000);
  });

  it('answers like a server whatever the process TZ: 64-bit integers as strings, UTC', async () => {
    const rows = await sut.client.query({
      query: "SELECT toUInt64({n:UInt64}) AS n, timezone() AS tz, toDateTime64('2024-05-01T12:00:00Z', 3) AS t",
      query_params: { n: 2n ** 60n },
      format: 'JSONEachRow',
    });
    expect(await rows.json()).toEqual([{ n: String(2n ** 60n), tz: 'UTC', t: '2024-05-01 12:00:00.000' }]);
  });

  it('applies every migration the first time and nothing the second time', async () => {
    const first = await migrateClickHouse(sut);
    const second = await migrateClickHouse(sut);

    expect(first.applied.map((m) => m.file)).toEqual(expect.arrayContaining(['001_readings.sql']));
    expect(second.applied).toEqual([]);
    const recorded = await sut.client.query({
      query: 'SELECT version, name, checksum FROM schema_migrations ORDER BY version',
      format: 'JSONEachRow',
    });
    expect(await recorded.json()).toEqual(first.applied.map((m) => ({ version: m.version, name: m.name, checksum: m.checksum })));
    const engine = await sut.client.query({
      query:
        "SELECT engine, sorting_key, partition_key FROM system.tables WHERE database = currentDatabase() AND name = 'readings'",
      format: 'JSONEachRow',
    });
    expect(await engine.json()).toEqual([
      {
        engine: 'ReplacingMergeTree',
        sorting_key: 'station_id, sensor_id, time, module_id',
        partition_key: 'toYYYYMM(time)',
      },
    ]);
  });

  it('stores readings and reads them back by station, the highest version replacing the others', async () => {
    await migrateClickHouse(sut);
    const reading = (station: number, time: string, value: number, version: number): Reading => ({
      station_id: station,
      module_id: 1,
      sensor_id: 10,
      time,
      value,
      ingestion_id: String(100 + version),
      version: String(version),
    });
    await sut.client.insert({
      table: 'readings',
      format: 'JSONEachRow',
      values: [
        reading(7, '2024-05-01 12:00:00.000', 1.5, 1),
        reading(7, '2024-05-01 12:10:00.250', 2.5, 1),
        reading(8, '2024-05-01 12:00:00.000', 9.5, 1),
      ],
    });
    // A reprocessed ingestion writes the same reading again with a higher version.
    await sut.client.insert({
      table: 'readings',
      format: 'JSONEachRow',
      values: [reading(7, '2024-05-01 12:10:00.250', 3.5, 2)],
    });

    const rows = await sut.client.query({
      query: 'SELECT * FROM readings FINAL WHERE station_id = {station:UInt32} ORDER BY time',
      query_params: { station: 7 },
      format: 'JSONEachRow',
    });

    expect(await rows.json<Reading>()).toEqual([
      reading(7, '2024-05-01 12:00:00.000', 1.5, 1),
      reading(7, '2024-05-01 12:10:00.250', 3.5, 2),
    ]);
  });

  it('refuses to migrate when an applied migration file has changed', async () => {
    await migrateClickHouse(sut);
    const dir = tempDir('gt-ch-migrations-');
    try {
      cpSync(CLICKHOUSE_MIGRATIONS_DIR, dir, { recursive: true });
      const file = join(dir, '001_readings.sql');
      writeFileSync(file, readFileSync(file, 'utf8').replace('value        Float64', 'value        Float32'));

      await expect(migrateClickHouse(sut, { dir })).rejects.toThrow(/001_readings\.sql changed after it was applied/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a second data folder in the same process, since chDB binds one per process', async () => {
    const other = tempDir('gt-ch-other-');
    try {
      await expect(openClickHouse({ dataDir: other })).rejects.toThrow(/another chDB data folder open/);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});

describe('embedded ClickHouse (chDB) data folder', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = tempDir('gt-ch-');
  });

  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the data after a close and opens it again', async () => {
    const first = await openClickHouse({ dataDir });
    await migrateClickHouse(first);
    await first.client.insert({
      table: 'readings',
      format: 'JSONEachRow',
      values: [
        { station_id: 1, module_id: 1, sensor_id: 1, time: '2024-01-01 00:00:00.000', value: 1, ingestion_id: 1, version: 1 },
      ],
    });
    await first.close();
    expect(existsSync(join(dataDir, 'clickhouse', 'status'))).toBe(false);

    const sut = await openClickHouse({ dataDir });
    try {
      expect((await migrateClickHouse(sut)).applied).toEqual([]);
      const rows = await sut.client.query({ query: 'SELECT count() AS n FROM readings', format: 'JSONEachRow' });
      expect(await rows.json()).toEqual([{ n: '1' }]);
    } finally {
      await sut.close();
    }
  });

  it('refuses a folder that another process holds, naming DATA_DIR', async () => {
    const holder = await holdFolder(join(dataDir, 'clickhouse'));
    try {
      const attempt = openClickHouse({ dataDir });

      await expect(attempt).rejects.toThrow(`DATA_DIR=${dataDir}`);
      await expect(attempt).rejects.toThrow(`locked by another process (PID ${holder.pid})`);
      await expect(attempt).rejects.toThrow(/Another Groundtruth process may be running/);
    } finally {
      await stop(holder);
    }
  });
});

describe('ClickHouse server (CLICKHOUSE_URL)', () => {
  const dataDir = tmpdir(); // never used with a URL

  it('names CLICKHOUSE_URL when nothing listens there', async () => {
    await expect(openClickHouse({ url: 'http://127.0.0.1:1', dataDir })).rejects.toThrow(
      /^Cannot reach ClickHouse at CLICKHOUSE_URL=http:\/\/127\.0\.0\.1:1: .*ECONNREFUSED/,
    );
  });

  it('does not show the password of CLICKHOUSE_URL', async () => {
    const attempt = openClickHouse({ url: 'http://groundtruth:s3cret@127.0.0.1:1/analytics', dataDir });

    await expect(attempt).rejects.toThrow('CLICKHOUSE_URL=http://groundtruth:***@127.0.0.1:1/analytics');
    await expect(attempt).rejects.not.toThrow('s3cret');
  });

  it('gives up after about 5 s when the server accepts connections but never answers', async () => {
    const { server, port, sockets } = await silentServer();
    const started = Date.now();
    try {
      await expect(openClickHouse({ url: `http://127.0.0.1:${port}`, dataDir })).rejects.toThrow(
        `Cannot reach ClickHouse at CLICKHOUSE_URL=http://127.0.0.1:${port}: no answer within 5 s`,
      );
      expect(Date.now() - started).toBeLessThan(9_000);
    } finally {
      sockets.forEach((socket) => socket.destroy());
      await new Promise((resolve) => server.close(resolve));
    }
  }, 15_000);

  it('rejects a URL that is not http(s)', async () => {
    await expect(openClickHouse({ url: 'tcp://127.0.0.1:9000', dataDir })).rejects.toThrow(/^Invalid CLICKHOUSE_URL=tcp:/);
  });
});

/** Another Node process that opens chDB on `path` and keeps it until killed. */
async function holdFolder(path: string): Promise<ChildProcess> {
  const script = `
    import { createChdbConnection } from 'chdb/connection';
    const connection = createChdbConnection({ path: ${JSON.stringify(path)} });
    await connection.ping({ select: true });
    process.stdout.write('ready\\n');
    setInterval(() => {}, 60_000);
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`the folder holder exited with ${code}: ${stderr}`)));
  });
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function silentServer(): Promise<{ server: Server; port: number; sockets: Set<Socket> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { server, port: address.port, sockets };
}
