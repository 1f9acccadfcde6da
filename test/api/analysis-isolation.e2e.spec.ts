import { request } from 'node:http';
import { ANALYSIS_EXAMPLES } from '../../libs/contracts/src/index.js';
import { callApi, outboxOf, signUp, type Reply, type TestUser } from '../support/accounts.js';
import { newDeviceId } from '../support/device-ids.js';
import { insertReadings } from '../support/readings.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Bulk analysis may show a person only the stations they may read. Bob tries to reach Alice's
 * private station every way we could think of; each attempt is refused with a coded 400, limited,
 * or answers without one of her readings. Every attempt that runs is also run by Alice, who must
 * get her station's rows from it: a filter that hid everything would pass otherwise.
 * Add every new idea to the corpus.
 */

let sut: TestApp;
let alice: TestUser;
let bob: TestUser;
/** Alice's private station: its readings are 13579.x, found nowhere else. */
let secret: number;
/** Bob's own private station. */
let bobs: number;
/** Alice's station in a public project. */
let open: number;
let db: string;
/** Carol's private station, with more readings than a query may read. */
let big: TestUser;
let bigStation: number;

const T0 = Date.parse('2025-06-01T00:00:00Z');
const MIN = 60_000;
const SECRET_MARK = '1357';

type Answer = { status: number; code: string | null; message: string | null; data: Record<string, unknown>[] };

const analyse = async (user: TestUser | null, sql: string, accept = 'application/json'): Promise<Answer> => {
  const res = await callApi(sut.url, 'POST', '/api/analysis/query', {
    token: user?.token ?? null,
    body: { sql },
    headers: { accept },
  });
  return {
    status: res.status,
    code: (res.body?.['code'] as string | undefined) ?? null,
    message: (res.body?.['message'] as string | undefined) ?? null,
    data: (res.body?.['data'] as Record<string, unknown>[] | undefined) ?? [],
  };
};

const ok = (res: Reply) => {
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body!;
};

const registerStation = async (user: TestUser, name: string) =>
  ok(await callApi(sut.url, 'POST', '/api/stations', { token: user.token, body: { deviceId: newDeviceId(), name } }))[
    'id'
  ] as number;

beforeAll(async () => {
  sut = await startTestApp({
    ANALYSIS_MAX_EXECUTION_SECONDS: '1',
    ANALYSIS_MAX_MEMORY_BYTES: String(64 * 1024 ** 2),
    ANALYSIS_MAX_RESULT_ROWS: '5000',
    ANALYSIS_MAX_ROWS_TO_READ: '20000',
    ANALYSIS_MAX_STATEMENT_CHARS: '2000',
  });
  db = sut.runtime.clickhouse.database;
  const mailbox = outboxOf(sut.dataDir);
  alice = await signUp(sut, mailbox, { name: 'Alice' });
  bob = await signUp(sut, mailbox, { name: 'Bob' });
  secret = await registerStation(alice, 'Alice private');
  open = await registerStation(alice, 'Alice public');
  bobs = await registerStation(bob, 'Bob private');
  big = await signUp(sut, mailbox, { name: 'Carol' });
  bigStation = await registerStation(big, 'Carol busy');
  const project = ok(
    await callApi(sut.url, 'POST', '/api/projects', {
      token: alice.token,
      body: { name: 'Open river', description: 'Depths', goal: 'Open data', location: 'River', privacy: 1 },
    }),
  )['id'] as number;
  expect((await callApi(sut.url, 'POST', `/api/projects/${project}/stations/${open}`, { token: alice.token })).status).toBe(204);
  const readings = [];
  for (let m = 0; m < 12 * 60; m += 2) {
    readings.push({ station: secret, sensor: 70, time: T0 + m * MIN, value: 13579 + m / 1000 });
    readings.push({ station: open, sensor: 70, time: T0 + m * MIN, value: (m % 50) + 0.5 });
    readings.push({ station: bobs, sensor: 70, time: T0 + m * MIN, value: (m % 30) + 0.25 });
  }
  for (let i = 0; i < 30_000; i++) readings.push({ station: bigStation, sensor: 70, time: T0 + i * 1000, value: i % 7 });
  await insertReadings(sut, readings);
});
afterAll(() => sut?.close());

/** No row, and nothing of the secret station's, in Bob's answer. */
const seesNothingSecret = (answer: Answer) => {
  expect({ status: answer.status, code: answer.code, message: answer.message }).toEqual({
    status: 200,
    code: null,
    message: null,
  });
  const text = JSON.stringify(answer.data);
  expect(text).not.toContain(SECRET_MARK);
  for (const row of answer.data) expect(Number(row['station_id'] ?? -1)).not.toBe(secret);
};

// Attempts that run (the engine's filter must hide the secret station): Bob gets nothing of it, Alice gets its rows.
/** The corpus names the stations and database with {placeholders}: they exist only once the suite has started. */
const fill = (sql: string): string =>
  sql
    .replaceAll('{secretHex}', secret.toString(16))
    .replaceAll('{secretPlus}', String(secret + 1000))
    .replaceAll('{secret}', String(secret))
    .replaceAll('{db}', db);

const runs = (): Array<[string, string]> => [
  ['plain', `SELECT station_id, value FROM readings WHERE station_id = {secret}`],
  ['FINAL', `SELECT station_id, value FROM readings FINAL WHERE station_id = {secret}`],
  ['qualified name', `SELECT station_id, value FROM {db}.readings WHERE station_id = {secret}`],
  ['quoted names', `SELECT "station_id", value FROM \`{db}\`.\`readings\` WHERE station_id = {secret}`],
  ['10 minute level', `SELECT station_id, value_max AS value FROM readings_10m WHERE station_id = {secret}`],
  ['hour level', `SELECT station_id, value_max AS value FROM readings_1h WHERE station_id = {secret}`],
  ['6 hour level', `SELECT station_id, value_max AS value FROM readings_6h WHERE station_id = {secret}`],
  ['day level', `SELECT station_id, value_max AS value FROM readings_1d WHERE station_id = {secret}`],
  [
    'join',
    `SELECT r.station_id AS station_id, s.value AS value FROM readings r JOIN readings s ON r.station_id = s.station_id AND r.time = s.time WHERE r.station_id = {secret}`,
  ],
  [
    'join with a level',
    `SELECT r.station_id AS station_id, d.value_max AS value FROM readings r INNER JOIN readings_1d d USING (station_id) WHERE station_id = {secret}`,
  ],
  [
    'IN subquery',
    `SELECT station_id, value FROM readings WHERE station_id IN (SELECT station_id FROM readings_1d WHERE station_id = {secret})`,
  ],
  ['IN list', `SELECT station_id, value FROM readings WHERE station_id IN ({secret}, {secretPlus})`],
  ['scalar subquery', `SELECT (SELECT max(value) FROM readings WHERE station_id = {secret}) AS value`],
  [
    'UNION ALL',
    `SELECT station_id, value FROM readings WHERE station_id = 0 UNION ALL SELECT station_id, value FROM readings WHERE station_id = {secret}`,
  ],
  [
    'UNION DISTINCT',
    `SELECT station_id, value FROM readings WHERE station_id = 0 UNION DISTINCT SELECT station_id, value FROM readings WHERE station_id = {secret}`,
  ],
  ['CTE', `WITH hidden AS (SELECT station_id, value FROM readings WHERE station_id = {secret}) SELECT * FROM hidden`],
  [
    'CTE shadowing a table',
    `WITH readings_1d AS (SELECT station_id, value FROM readings WHERE station_id = {secret}) SELECT * FROM readings_1d`,
  ],
  ['nested subqueries', `SELECT * FROM (SELECT * FROM (SELECT station_id, value FROM readings) WHERE station_id = {secret})`],
  ['array functions', `SELECT arrayJoin(groupArray(value)) AS value FROM readings WHERE station_id = {secret}`],
  [
    'arrayFilter over everything',
    `SELECT {secret} AS station_id, arrayFilter(x -> x > 13000, groupArray(value)) AS value FROM readings HAVING length(value) > 0`,
  ],
  ['ARRAY JOIN', `SELECT station_id, value FROM readings ARRAY JOIN [{secret}] AS wanted WHERE station_id = wanted`],
  ['PREWHERE', `SELECT station_id, value FROM readings PREWHERE station_id = {secret}`],
  ['OR true', `SELECT station_id, value FROM readings WHERE station_id = {secret} OR 1 = 1 ORDER BY value DESC LIMIT 5`],
  ['aggregate over all', `SELECT {secret} AS station_id, max(value) AS value FROM readings HAVING value > 13000`],
  [
    'window function',
    `SELECT station_id, max(value) OVER (PARTITION BY station_id) AS value FROM readings WHERE station_id = {secret}`,
  ],
  [
    'comments',
    `SELECT station_id, value /* ; SETTINGS x */ FROM readings -- ; DROP TABLE readings\n WHERE station_id = {secret}`,
  ],
  ['odd case', `sElEcT station_id, value fRoM readings wHeRe station_id = {secret}`],
  ['unicode spaces', `SELECT\u00a0station_id,\tvalue\rFROM\u2003readings\nWHERE station_id = {secret}`],
  ['hex literal', `SELECT station_id, value FROM readings WHERE station_id = 0x{secretHex}`],
];

describe('analysis isolation', () => {
  it.each(runs())('%s: Bob sees nothing of the private station, its owner sees its rows', async (_name, template) => {
    const sql = fill(template);
    seesNothingSecret(await analyse(bob, sql));
    const control = await analyse(alice, sql);
    expect(control.status).toBe(200);
    expect(control.data.length).toBeGreaterThan(0);
    expect(JSON.stringify(control.data)).toContain(SECRET_MARK);
  });

  it('answers only the stations one may read: their own, and public ones', async () => {
    const sql = 'SELECT groupUniqArray(station_id) AS ids FROM readings';
    const ids = (a: Answer) => (a.data[0]?.['ids'] as number[]).map(Number).sort((x, y) => x - y);
    expect(ids(await analyse(bob, sql))).toEqual([open, bobs].sort((x, y) => x - y));
    expect(ids(await analyse(alice, sql))).toEqual([secret, open].sort((x, y) => x - y));
  });

  const refusals = (): Array<[string, string, string]> => [
    [
      'SETTINGS lifting the filter',
      `SELECT * FROM readings WHERE station_id = {secret} SETTINGS additional_table_filters = {'readings': '1'}`,
      'ANALYSIS.SETTINGS_NOT_ALLOWED',
    ],
    [
      'SETTINGS in a subquery',
      `SELECT * FROM (SELECT * FROM readings WHERE station_id = {secret} SETTINGS readonly = 1, additional_table_filters = {})`,
      'ANALYSIS.SETTINGS_NOT_ALLOWED',
    ],
    [
      'SETTINGS in a CTE',
      `WITH x AS (SELECT * FROM readings SETTINGS additional_table_filters = {}) SELECT * FROM x`,
      'ANALYSIS.SETTINGS_NOT_ALLOWED',
    ],
    [
      'SETTINGS in an IN subquery',
      `SELECT * FROM readings WHERE station_id IN (SELECT station_id FROM readings SETTINGS additional_table_filters = {})`,
      'ANALYSIS.SETTINGS_NOT_ALLOWED',
    ],
    [
      'SETTINGS after a comment',
      `SELECT * FROM readings -- nothing here\nSETTINGS additional_table_filters = {}`,
      'ANALYSIS.SETTINGS_NOT_ALLOWED',
    ],
    ['SETTINGS readonly 0', `SELECT * FROM readings SETTINGS readonly = 0`, 'ANALYSIS.SETTINGS_NOT_ALLOWED'],
    ['SET', `SET additional_table_filters = {}`, 'ANALYSIS.NOT_ONE_SELECT'],
    ['SET then SELECT', `SET readonly = 0; SELECT * FROM readings`, 'ANALYSIS.NOT_ONE_SELECT'],
    ['two statements', `SELECT 1; SELECT * FROM readings WHERE station_id = {secret}`, 'ANALYSIS.NOT_ONE_SELECT'],
    ['a statement after a comment', `SELECT 1 /* ; */ ; DROP TABLE readings`, 'ANALYSIS.NOT_ONE_SELECT'],
    [
      'merge()',
      `SELECT * FROM merge(currentDatabase(), '^readings$') WHERE station_id = {secret}`,
      'ANALYSIS.TABLE_FUNCTION_NOT_ALLOWED',
    ],
    [
      'merge() in a subquery',
      `SELECT * FROM readings WHERE station_id IN (SELECT station_id FROM merge('^readings$'))`,
      'ANALYSIS.TABLE_FUNCTION_NOT_ALLOWED',
    ],
    ['numbers()', `SELECT * FROM numbers(100000000000)`, 'ANALYSIS.TABLE_FUNCTION_NOT_ALLOWED'],
    ['file()', `SELECT * FROM file('/etc/passwd', 'LineAsString')`, 'ANALYSIS.TABLE_FUNCTION_NOT_ALLOWED'],
    ['url()', `SELECT * FROM url('http://127.0.0.1:9/', 'CSV', 'a String')`, 'ANALYSIS.TABLE_FUNCTION_NOT_ALLOWED'],
    ['remote()', `SELECT * FROM remote('127.0.0.1', {db}.readings)`, 'ANALYSIS.TABLE_FUNCTION_NOT_ALLOWED'],
    ['view()', `SELECT * FROM view(SELECT * FROM readings)`, 'ANALYSIS.TABLE_FUNCTION_NOT_ALLOWED'],
    ['dictionary()', `SELECT * FROM dictionary('stations')`, 'ANALYSIS.TABLE_FUNCTION_NOT_ALLOWED'],
    ['a named collection', `SELECT * FROM s3(my_collection)`, 'ANALYSIS.TABLE_FUNCTION_NOT_ALLOWED'],
    ['loop()', `SELECT * FROM loop({db}, readings) LIMIT 10`, 'ANALYSIS.TABLE_FUNCTION_NOT_ALLOWED'],
    ['mergeTreeIndex()', `SELECT * FROM mergeTreeIndex({db}, readings)`, 'ANALYSIS.TABLE_FUNCTION_NOT_ALLOWED'],
    [
      'a table function in a CTE',
      `WITH t AS (SELECT * FROM merge('^readings$')) SELECT * FROM t`,
      'ANALYSIS.TABLE_FUNCTION_NOT_ALLOWED',
    ],
    [
      'a table function after a join',
      `SELECT * FROM readings r LEFT JOIN merge('^readings$') m USING (station_id)`,
      'ANALYSIS.TABLE_FUNCTION_NOT_ALLOWED',
    ],
    ['a query parameter', `SELECT * FROM readings WHERE station_id = {id:UInt32}`, 'ANALYSIS.SYNTAX'],
    [
      'SETTINGS in a scalar subquery',
      `SELECT (SELECT max(value) FROM readings SETTINGS additional_table_filters = {}) AS v`,
      'ANALYSIS.SETTINGS_NOT_ALLOWED',
    ],
    [
      'SETTINGS in a UNION branch',
      `SELECT value FROM readings WHERE 0 UNION ALL SELECT value FROM readings WHERE station_id = {secret} SETTINGS additional_table_filters = {}`,
      'ANALYSIS.SETTINGS_NOT_ALLOWED',
    ],
    ['system table', `SELECT * FROM system.tables`, 'ANALYSIS.TABLE_NOT_ALLOWED'],
    ['quoted system table', 'SELECT * FROM `system`.`query_log`', 'ANALYSIS.TABLE_NOT_ALLOWED'],
    ['system table in a join', `SELECT * FROM readings r JOIN system.one o ON 1 = 1`, 'ANALYSIS.TABLE_NOT_ALLOWED'],
    [
      'system table in IN',
      `SELECT * FROM readings WHERE station_id IN (SELECT number FROM system.numbers LIMIT 10)`,
      'ANALYSIS.TABLE_NOT_ALLOWED',
    ],
    ['information_schema', `SELECT * FROM information_schema.tables`, 'ANALYSIS.TABLE_NOT_ALLOWED'],
    ['INFORMATION_SCHEMA', `SELECT * FROM INFORMATION_SCHEMA.COLUMNS`, 'ANALYSIS.TABLE_NOT_ALLOWED'],
    ['a table outside the analysis', `SELECT * FROM schema_migrations`, 'ANALYSIS.TABLE_NOT_ALLOWED'],
    ['IN a table', `SELECT * FROM readings WHERE station_id IN readings_1d`, 'ANALYSIS.TABLE_NOT_ALLOWED'],
    ['IN a system table', `SELECT * FROM readings WHERE 1 IN system.one`, 'ANALYSIS.TABLE_NOT_ALLOWED'],
    ['dictGet', `SELECT dictGet('stations', 'name', toUInt64({secret}))`, 'ANALYSIS.FUNCTION_NOT_ALLOWED'],
    ['dictGet in odd case', `SELECT DICTGETSTRING('stations', 'name', toUInt64(1))`, 'ANALYSIS.FUNCTION_NOT_ALLOWED'],
    ['joinGet', `SELECT joinGet('j', 'v', 1)`, 'ANALYSIS.FUNCTION_NOT_ALLOWED'],
    ['file as a function', `SELECT file('/etc/passwd')`, 'ANALYSIS.FUNCTION_NOT_ALLOWED'],
    ['INSERT', `INSERT INTO readings SELECT * FROM readings`, 'ANALYSIS.NOT_ONE_SELECT'],
    ['ALTER', `ALTER TABLE readings DELETE WHERE station_id = {secret}`, 'ANALYSIS.NOT_ONE_SELECT'],
    ['DROP', `DROP TABLE readings`, 'ANALYSIS.NOT_ONE_SELECT'],
    ['TRUNCATE', `TRUNCATE TABLE readings`, 'ANALYSIS.NOT_ONE_SELECT'],
    ['CREATE', `CREATE TABLE stolen ENGINE = Memory AS SELECT * FROM readings`, 'ANALYSIS.NOT_ONE_SELECT'],
    ['OPTIMIZE', `OPTIMIZE TABLE readings FINAL`, 'ANALYSIS.NOT_ONE_SELECT'],
    ['SYSTEM', `SYSTEM DROP DNS CACHE`, 'ANALYSIS.NOT_ONE_SELECT'],
    ['KILL', `KILL QUERY WHERE 1`, 'ANALYSIS.NOT_ONE_SELECT'],
    ['SHOW', `SHOW TABLES`, 'ANALYSIS.NOT_ONE_SELECT'],
    ['DESCRIBE', `DESCRIBE TABLE readings`, 'ANALYSIS.NOT_ONE_SELECT'],
    ['EXPLAIN', `EXPLAIN SELECT * FROM readings`, 'ANALYSIS.NOT_ONE_SELECT'],
    ['INTO OUTFILE', `SELECT * FROM readings INTO OUTFILE '/tmp/stolen.csv'`, 'ANALYSIS.OUTPUT_NOT_ALLOWED'],
    ['FORMAT', `SELECT * FROM readings FORMAT JSON`, 'ANALYSIS.OUTPUT_NOT_ALLOWED'],
    ['too long', `SELECT 1 /* ${'x'.repeat(2000)} */`, 'ANALYSIS.STATEMENT_TOO_LONG'],
    ['not SQL', `give me everything`, 'ANALYSIS.SYNTAX'],
    ['an unknown table', `SELECT * FROM Readings`, 'ANALYSIS.QUERY_FAILED'],
    ['time', `SELECT count() FROM readings a, readings b, readings c, readings d`, 'ANALYSIS.LIMIT_EXCEEDED'],
    ['memory', `SELECT groupArray(repeat('x', 100000)) FROM readings a, readings b`, 'ANALYSIS.LIMIT_EXCEEDED'],
    ['result size', `SELECT a.value, b.value FROM readings a, readings b`, 'ANALYSIS.LIMIT_EXCEEDED'],
  ];

  it.each(refusals())('%s is refused with a coded 400 that says why', async (_name, template, code) => {
    const answer = await analyse(bob, fill(template));
    expect({ status: answer.status, code: answer.code, message: expect.any(String) }).toEqual({
      status: 400,
      code,
      message: answer.message,
    });
    expect(JSON.stringify(answer)).not.toContain(SECRET_MARK);
  });

  it('limits the rows a query reads (Carol, whose station has more readings than that)', async () => {
    const answer = await analyse(big, 'SELECT count() AS n FROM readings');
    expect({ status: answer.status, code: answer.code }).toEqual({ status: 400, code: 'ANALYSIS.LIMIT_EXCEEDED' });
    expect(answer.message).toMatch(/20,000 rows/);
  });

  it('reads the sensor catalogue: keys, units and the max-or-mean rule', async () => {
    const answer = await analyse(bob, 'SELECT id, key, unit, aggregate FROM sensors WHERE id = 70');
    expect(answer.data).toEqual([{ id: 70, key: 'wh.floodnet.depth', unit: 'inches', aggregate: 'max' }]);
  });

  it('refuses a signed-out caller and an Accept it cannot answer', async () => {
    expect((await analyse(null, 'SELECT 1')).status).toBe(401);
    const answer = await analyse(bob, 'SELECT 1', 'image/png');
    expect({ status: answer.status, code: answer.code }).toEqual({ status: 400, code: 'ANALYSIS.FORMAT_NOT_ACCEPTABLE' });
  });

  it('stays usable after every refusal: the next query answers', async () => {
    const answer = await analyse(bob, `SELECT count() AS n FROM readings WHERE station_id = ${bobs}`);
    expect(answer.status).toBe(200);
    expect(Number(answer.data[0]?.['n'])).toBe(360);
  });
});

/** The raw answer with its trailers (fetch does not show trailers). */
const rawAnswer = (user: TestUser, sql: string, accept: string) =>
  new Promise<{ status: number; type: string; body: string; trailers: NodeJS.Dict<string> }>((resolve, reject) => {
    const req = request(`${sut.url}/api/analysis/query`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json', accept },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body, trailers: res.trailers }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(JSON.stringify({ sql }));
  });

describe('analysis answers', () => {
  const sql = () =>
    `SELECT station_id, toStartOfHour(time) AS hour, avg(value) AS mean FROM readings WHERE station_id = ${bobs} GROUP BY station_id, hour ORDER BY hour`;

  it('answers CSV with a header, and the row count and elapsed time as trailers', async () => {
    const answer = await rawAnswer(bob, sql(), 'text/csv');
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^text\/csv/);
    const lines = answer.body.trim().split('\n');
    expect(lines[0]).toBe('"station_id","hour","mean"');
    expect(lines).toHaveLength(13);
    expect(answer.trailers['x-analysis-rows']).toBe('12');
    expect(Number(answer.trailers['x-analysis-elapsed-ms'])).toBeGreaterThanOrEqual(0);
  });

  it('answers JSON lines, one row a line', async () => {
    const answer = await rawAnswer(bob, sql(), 'application/jsonl');
    expect(answer.type).toMatch(/^application\/jsonl/);
    const rows = answer.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows).toHaveLength(12);
    expect(rows[0]).toMatchObject({ station_id: bobs, hour: '2025-06-01 00:00:00' });
    expect(answer.trailers['x-analysis-rows']).toBe('12');
  });

  it('answers JSON with its columns, rows and statistics', async () => {
    const res = ok(await callApi(sut.url, 'POST', '/api/analysis/query', { token: bob.token, body: { sql: sql() } }));
    expect(res['meta']).toEqual([
      { name: 'station_id', type: 'UInt32' },
      { name: 'hour', type: "DateTime('UTC')" },
      { name: 'mean', type: 'Float64' },
    ]);
    expect(res['rows']).toBe(12);
    expect((res['statistics'] as Record<string, number>)['elapsed']).toBeGreaterThanOrEqual(0);
  });

  it('describes the schema with the caller’s stations and the sensors', async () => {
    const schema = ok(await callApi(sut.url, 'GET', '/api/analysis/schema', { token: bob.token }));
    expect((schema['tables'] as Array<{ name: string }>).map((t) => t.name)).toEqual([
      'readings',
      'readings_10m',
      'readings_1h',
      'readings_6h',
      'readings_1d',
      'sensors',
    ]);
    expect(schema['stations']).toEqual(
      [
        { id: open, name: 'Alice public', access: 'public' },
        { id: bobs, name: 'Bob private', access: 'own' },
      ].sort((a, b) => a.id - b.id),
    );
    expect(schema['sensors']).toEqual(expect.arrayContaining([expect.objectContaining({ id: 70, aggregate: 'max' })]));
  });
});

describe('analysis examples', () => {
  it.each(ANALYSIS_EXAMPLES.map((e) => [e.key, e.sql] as const))('%s runs and answers rows', async (_key, sql) => {
    const answer = await analyse(bob, sql);
    expect({ status: answer.status, code: answer.code }).toEqual({ status: 200, code: null });
    expect(answer.data.length).toBeGreaterThan(0);
    expect(JSON.stringify(answer.data)).not.toContain(SECRET_MARK);
  });
});
