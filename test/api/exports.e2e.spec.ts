import { request } from 'node:http';
import { rebuildStoredAggregates } from '../../libs/platform/src/index.js';
import { callApi, outboxOf, signUp, type Reply, type TestUser } from '../support/accounts.js';
import { newDeviceId } from '../support/device-ids.js';
import { insertReadings } from '../support/readings.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let sut: TestApp;
let owner: TestUser;
let stranger: TestUser;
let privateStation: number;
let publicA: number;
let publicB: number;

const T0 = Date.parse('2025-03-29T22:00:00Z'); // the night Europe/Madrid moves to summer time
const MIN = 60_000;
const DEPTH = 70;
const PH = 1;

const ok = (res: Reply) => {
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body!;
};

const startExport = (user: TestUser, format: 'csv' | 'json-lines', query: string) =>
  callApi(sut.url, 'POST', `/api/export/${format}?${query}`, { token: user.token });

const finished = async (user: TestUser, job: Record<string, unknown>) => {
  for (let i = 0; i < 200; i++) {
    const s = ok(await callApi(sut.url, 'GET', job['statusUrl'] as string, { token: user.token }));
    if (s['state'] === 'done' || s['state'] === 'failed') return s;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('export did not finish');
};

const download = async (user: TestUser, url: string) => {
  const res = await fetch(`${sut.url}${url}`, { headers: { authorization: `Bearer ${user.token}` } });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    disposition: res.headers.get('content-disposition'),
    text: await res.text(),
  };
};

/** RFC 4180: quoted cells may hold commas, quotes ("") and line breaks. */
const parseCsv = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else if (c === '\n') throw new Error(`bare LF at ${i}`);
    else cell += c;
  }
  if (cell || row.length) throw new Error('last line has no CRLF');
  return rows;
};

const registerStation = async (user: TestUser, name: string) =>
  ok(await callApi(sut.url, 'POST', '/api/stations', { token: user.token, body: { deviceId: newDeviceId(), name } }))[
    'id'
  ] as number;

beforeAll(async () => {
  sut = await startTestApp();
  const mailbox = outboxOf(sut.dataDir);
  owner = await signUp(sut, mailbox, { name: 'Owner' });
  stranger = await signUp(sut, mailbox, { name: 'Stranger' });
  privateStation = await registerStation(owner, 'Secret "lab", north');
  publicA = await registerStation(owner, '=HYPERLINK("http://evil.example","click")');
  publicB = await registerStation(owner, 'Pier B');
  const project = ok(
    await callApi(sut.url, 'POST', '/api/projects', {
      token: owner.token,
      body: { name: 'Open tides', description: 'Depths', goal: 'Open data', location: 'Harbor', privacy: 1 },
    }),
  )['id'] as number;
  for (const s of [publicA, publicB]) {
    expect((await callApi(sut.url, 'POST', `/api/projects/${project}/stations/${s}`, { token: owner.token })).status).toBe(204);
  }
  // Six hours of one-minute float32 readings of two sensors at each station.
  const values = [];
  for (const station of [privateStation, publicA, publicB]) {
    for (let m = 0; m < 6 * 60; m++) {
      values.push({ station, sensor: DEPTH, m, value: Math.fround(m / 10) });
      values.push({ station, sensor: PH, m, value: Math.fround(-7.1) });
    }
  }
  await insertReadings(
    sut,
    values.map((r) => ({ station: r.station, sensor: r.sensor, time: T0 + r.m * MIN, value: r.value })),
  );
});
afterAll(() => sut?.close());

describe('exports', () => {
  it('CSV: honours stations, sensors, start and end; RFC 4180 with a # header, UTC and local time; formulas neutralised', async () => {
    const start = T0 + 30 * MIN;
    const end = T0 + 5 * 60 * MIN;
    const job = ok(
      await startExport(
        stranger,
        'csv',
        `stations=${publicA},${publicB}&sensors=${DEPTH}&start=${start}&end=${end}&tz=Europe/Madrid`,
      ),
    );
    expect(job).toMatchObject({ format: 'csv', state: 'queued', downloadUrl: null });
    const done = await finished(stranger, job);
    expect(done).toMatchObject({ state: 'done', progress: 100, rows: 2 * 270 });
    expect(done['size']).toBeGreaterThan(0);

    const file = await download(stranger, done['downloadUrl'] as string);
    expect(file.status).toBe(200);
    expect(file.type).toMatch(/^text\/csv/);
    expect(file.disposition).toMatch(
      new RegExp(`^attachment; filename="?groundtruth-stations-${publicA}-${publicB}-2025-03-29-to-2025-03-30\\.csv"?$`),
    );
    expect(file.text.length).toBe(done['size']);

    const lines = parseCsv(file.text);
    const meta = lines.filter((l) => l[0]!.startsWith('#')).map((l) => l.join(' '));
    expect(meta).toEqual(
      expect.arrayContaining([
        '# time zone of time_local: Europe/Madrid',
        '# sensors: wh.floodnet.depth (inches)',
        `# station ${publicB}: Pier B`,
        expect.stringMatching(/^# column raw_reading: /),
      ]),
    );
    const [header, ...rows] = lines.filter((l) => !l[0]!.startsWith('#'));
    expect(header).toEqual([
      'time_utc',
      'time_local',
      'utc_offset',
      'station_id',
      'station_name',
      'module_id',
      'sensor',
      'unit',
      'value',
      'raw_reading',
    ]);
    expect(rows).toHaveLength(540);
    const stations = new Set(rows.map((r) => Number(r[3])));
    expect([...stations].sort()).toEqual([publicA, publicB].sort());
    for (const r of rows) {
      const t = Date.parse(r[0]!);
      expect(t).toBeGreaterThanOrEqual(start);
      expect(t).toBeLessThan(end);
      expect(r[6]).toBe('wh.floodnet.depth');
      expect(r[9]).toBe('true');
    }
    // local time and its offset across the change to summer time (01:00 UTC)
    const before = rows.find((r) => r[0] === '2025-03-30T00:59:00.000Z')!;
    const after = rows.find((r) => r[0] === '2025-03-30T01:00:00.000Z')!;
    expect([before[1], before[2]]).toEqual(['2025-03-30T01:59:00.000', 'UTC+01:00']);
    expect([after[1], after[2]]).toEqual(['2025-03-30T03:00:00.000', 'UTC+02:00']);
    // float32 readings at their precision, the formula neutralised, the quotes kept
    expect(rows.find((r) => r[0] === new Date(T0 + 31 * MIN).toISOString())![8]).toBe('3.1');
    const evil = rows.find((r) => Number(r[3]) === publicA)!;
    expect(evil[4]).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(file.text).not.toMatch(/^=|,=/m);
  });

  it('JSON lines: every line is JSON, every filter honoured; the history shows it downloaded', async () => {
    const job = ok(await startExport(owner, 'json-lines', `stations=${privateStation}&start=${T0}&end=${T0 + 60 * MIN}`));
    const done = await finished(owner, job);
    const file = await download(owner, done['downloadUrl'] as string);
    expect(file.type).toMatch(/^application\/jsonl/);
    const lines = file.text.split('\n');
    expect(lines.pop()).toBe('');
    const readings = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(readings).toHaveLength(120);
    expect(new Set(readings.map((r) => r['stationId']))).toEqual(new Set([privateStation]));
    expect(new Set(readings.map((r) => r['sensor']))).toEqual(new Set(['wh.floodnet.depth', 'fk.water.ph.ph']));
    expect(readings.find((r) => r['sensor'] === 'fk.water.ph.ph')).toMatchObject({
      value: -7.1,
      rawReading: true,
      utcOffset: '+00:00',
    });
    expect(readings[0]!['stationName']).toBe('Secret "lab", north');

    const history = ok(await callApi(sut.url, 'GET', '/api/export', { token: owner.token }))['exports'] as Record<
      string,
      unknown
    >[];
    expect(history[0]).toMatchObject({ token: job['token'], format: 'json-lines', downloaded: true, progress: 100 });
    // another user neither sees it nor downloads it
    expect((await download(stranger, done['downloadUrl'] as string)).status).toBe(404);
    expect((ok(await callApi(sut.url, 'GET', '/api/export', { token: stranger.token }))['exports'] as unknown[]).length).toBe(1);
  });

  it("never lets a private station's data out: a stranger's export naming it is refused and nothing is queued", async () => {
    const before = Number((await sut.runtime.pool.query('SELECT count(*) AS n FROM gt_exports')).rows[0].n);
    for (const stations of [`${privateStation}`, `${publicA},${privateStation}`]) {
      const res = await startExport(stranger, 'csv', `stations=${stations}&start=${T0}&end=${T0 + 60 * MIN}`);
      expect(res.status).toBe(403);
    }
    expect(Number((await sut.runtime.pool.query('SELECT count(*) AS n FROM gt_exports')).rows[0].n)).toBe(before);
    // control: the owner may
    expect((await startExport(owner, 'csv', `stations=${privateStation}&start=${T0}&end=${T0 + MIN}`)).status).toBe(200);
  });

  it.each([
    ['no stations', `start=${T0}&end=${T0 + MIN}`],
    ['end before start', `stations=1&start=${T0 + MIN}&end=${T0}`],
    ['an unknown sensor', `stations=1&sensors=99999&start=${T0}&end=${T0 + MIN}`],
    ['a bad time zone', `stations=1&start=${T0}&end=${T0 + MIN}&tz=Mars/Olympus`],
    ['a bad time', `stations=1&start=yesterday&end=${T0 + MIN}`],
  ])('refuses %s with a 400', async (_, query) => {
    const res = await startExport(owner, 'csv', query);
    expect(res.status).toBe(400);
    expect(res.body!['code']).toBe('VALIDATION.FAILED');
  });

  it('refuses a NodeRed station (403 EXPORT.NODERED, nothing queued) and not a FieldKit one', async () => {
    const register = async (model: string) =>
      ok(
        await callApi(sut.url, 'POST', '/api/stations', {
          token: owner.token,
          body: { deviceId: newDeviceId(), name: `${model} station`, model },
        }),
      )['id'] as number;
    const nodeRed = await register('NodeRed gateway 2');
    const fieldKit = await register('FieldKit');
    expect(ok(await callApi(sut.url, 'GET', `/api/stations/${nodeRed}`, { token: owner.token }))['model']).toBe(
      'NodeRed gateway 2',
    );
    const before = (ok(await callApi(sut.url, 'GET', '/api/export', { token: owner.token }))['exports'] as unknown[]).length;

    const refused = await startExport(owner, 'csv', `stations=${publicA},${nodeRed}&start=${T0}&end=${T0 + MIN}`);
    expect(refused.status).toBe(403);
    expect(refused.body!['code']).toBe('EXPORT.NODERED');
    expect((ok(await callApi(sut.url, 'GET', '/api/export', { token: owner.token }))['exports'] as unknown[]).length).toBe(
      before,
    );

    // The control: the same call naming a station of another model is queued.
    const fine = await startExport(owner, 'json-lines', `stations=${publicA},${fieldKit}&start=${T0}&end=${T0 + MIN}`);
    expect(fine.status).toBe(200);
    expect(fine.body!['state']).toMatch(/queued|running|done/);
  });

  it('is off in flood mode (a floodnet. host), and needs a sign-in', async () => {
    const url = new URL(`${sut.url}/api/export/csv?stations=${publicA}&start=${T0}&end=${T0 + MIN}`);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: `${url.pathname}${url.search}`,
          method: 'POST',
          headers: { host: `floodnet.localhost:${url.port}`, authorization: `Bearer ${owner.token}` },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => {
            expect((JSON.parse(text) as { code: string }).code).toBe('EXPORT.OFF');
            resolve(res.statusCode ?? 0);
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
    expect((await callApi(sut.url, 'POST', `/api/export/csv?stations=${publicA}&start=${T0}&end=${T0 + MIN}`)).status).toBe(401);
  });

  it('unknown or malformed tokens: 404 and 400; not done yet: 409', async () => {
    expect((await callApi(sut.url, 'GET', '/api/export/AAAAAAAAAAAAAAAAAAAAAAAA', { token: owner.token })).status).toBe(404);
    expect((await callApi(sut.url, 'GET', '/api/export/x!', { token: owner.token })).status).toBe(400);
    await sut.runtime.pool.query(
      `INSERT INTO gt_exports (token, owner_id, format, query, file_name, state) SELECT 'BBBBBBBBBBBBBBBBBBBBBBBB', owner_id, 'csv', query, 'x.csv', 'failed' FROM gt_exports ORDER BY id LIMIT 1`,
    );
    // the first export is the stranger's (the first test)
    expect(
      (await callApi(sut.url, 'GET', '/api/export/BBBBBBBBBBBBBBBBBBBBBBBB/download', { token: stranger.token })).status,
    ).toBe(409);
  });
  it('finishes whole while charts are asked for all the time it runs (embedded chDB: its streaming query broke at the first other statement)', async () => {
    const station = await registerStation(owner, 'Busy pier');
    // 600,000 readings over seven months: the export reads them in several windows.
    const readings = 600_000;
    await sut.runtime.clickhouse.client.command({
      query: `INSERT INTO readings SELECT ${station}, 5, if(number % 2 = 0, ${DEPTH}, ${PH}),
                     fromUnixTimestamp64Milli(${T0} + intDiv(number, 2) * ${MIN}, 'UTC'), number / 8, 1, 1
                FROM numbers(${readings})`,
    });
    await rebuildStoredAggregates(sut.runtime.clickhouse, [station]);
    const job = ok(await startExport(owner, 'csv', `stations=${station}&start=${T0}&end=${T0 + (readings / 2) * MIN}`));
    let charts = 0;
    let chartsWhileRunning = 0;
    let state = 'queued';
    while (state !== 'done' && state !== 'failed') {
      const chart = await callApi(
        sut.url,
        'GET',
        `/api/sensors/data?stations=${station}&sensors=${DEPTH}&start=${T0}&end=${T0 + (charts + 1) * 3_600_000}&resolution=100`,
        { token: owner.token },
      );
      expect(chart.status).toBe(200);
      charts++;
      state = ok(await callApi(sut.url, 'GET', job['statusUrl'] as string, { token: owner.token }))['state'] as string;
      if (state === 'running') chartsWhileRunning++;
    }
    // The check means something only if charts were answered while the export ran.
    expect(chartsWhileRunning).toBeGreaterThan(0);
    const done = ok(await callApi(sut.url, 'GET', job['statusUrl'] as string, { token: owner.token }));
    expect(done).toMatchObject({ state: 'done' });
    const file = await download(owner, done['downloadUrl'] as string);
    const lines = file.text.split('\r\n').filter((line) => line !== '' && !line.startsWith('#'));
    expect(lines).toHaveLength(readings + 1); // the column names, then one line a reading
  }, 120_000);
});
