import { existsSync } from 'node:fs';
import { ExportRunner } from '../../apps/projector/src/exports/export-runner.js';
import { exportFilePath } from '../../libs/platform/src/index.js';
import { callApi, outboxOf, signUp, type Reply, type TestUser } from '../support/accounts.js';
import { newDeviceId } from '../support/device-ids.js';
import { insertReadings } from '../support/readings.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Quotas and retention end to end (issue 31 item 4), with small limits set the way an operator
 * sets them: exports waiting or running per person, running per person, the size of one export,
 * how long a file is kept; bookmark size and saves an hour, signed in or not.
 */
let sut: TestApp;
let owner: TestUser;
let other: TestUser;
let station: number;

const T0 = Date.parse('2025-06-01T00:00:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
const LIMITS = {
  EXPORT_MAX_WAITING_PER_USER: '2',
  EXPORT_MAX_RUNNING_PER_USER: '1',
  EXPORT_MAX_BYTES: '20000',
  EXPORT_RETENTION_DAYS: '7',
  BOOKMARK_MAX_CHARS: '1000',
  BOOKMARK_SAVES_PER_HOUR_ANONYMOUS: '3',
  BOOKMARK_SAVES_PER_HOUR_USER: '5',
};

const ok = (res: Reply) => {
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body!;
};
/** One hour of one sensor: about 4 kB of CSV, under the 20 kB limit; all six hours of both: over. */
const small = (hour = 0) => `stations=${station}&sensors=1&start=${T0 + hour * HOUR}&end=${T0 + (hour + 1) * HOUR}`;
const large = () => `stations=${station}&start=${T0}&end=${T0 + 6 * HOUR}`;
const startExport = (user: TestUser, query: string) =>
  callApi(sut.url, 'POST', `/api/export/csv?${query}`, { token: user.token });
const statusOf = async (user: TestUser, job: Record<string, unknown>) =>
  ok(await callApi(sut.url, 'GET', job['statusUrl'] as string, { token: user.token }));
const settled = async (user: TestUser, job: Record<string, unknown>) => {
  for (let i = 0; i < 300; i++) {
    const s = await statusOf(user, job);
    if (s['state'] !== 'queued' && s['state'] !== 'running') return s;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('export did not finish');
};
const download = (user: TestUser, job: Record<string, unknown>) =>
  callApi(sut.url, 'GET', `/api/export/${job['token'] as string}/download`, { token: user.token });
const historyItem = async (user: TestUser, token: unknown) =>
  (ok(await callApi(sut.url, 'GET', '/api/export', { token: user.token }))['exports'] as Record<string, unknown>[]).find(
    (e) => e['token'] === token,
  );

/**
 * An export of the owner's that another projector process is running (its heartbeat fresh): it
 * holds a place in the owner's quota and this process's runner leaves it alone.
 */
const runningElsewhere = async (user: TestUser): Promise<string> => {
  const r = await sut.runtime.pool.query<{ id: string }>(
    `INSERT INTO gt_exports (token, owner_id, format, query, file_name, state, started_at, heartbeat_at)
     VALUES ($1, $2, 'csv', $3, 'elsewhere.csv', 'running', now(), now() + interval '1 hour') RETURNING id`,
    [
      `elsewhere${Math.random().toString(36).slice(2)}`.padEnd(24, 'x'),
      user.id,
      JSON.stringify({ stations: [station], sensors: [1], start: T0, end: T0 + HOUR, tz: 'UTC' }),
    ],
  );
  return r.rows[0]!.id;
};

beforeAll(async () => {
  sut = await startTestApp(LIMITS);
  const mailbox = outboxOf(sut.dataDir);
  owner = await signUp(sut, mailbox, { name: 'Quota owner' });
  other = await signUp(sut, mailbox, { name: 'Quota other' });
  station = ok(
    await callApi(sut.url, 'POST', '/api/stations', { token: owner.token, body: { deviceId: newDeviceId(), name: 'Weir' } }),
  )['id'] as number;
  const project = ok(
    await callApi(sut.url, 'POST', '/api/projects', {
      token: owner.token,
      body: { name: 'Open weir', description: 'Levels', goal: 'Open data', location: 'River', privacy: 1 },
    }),
  )['id'] as number;
  expect((await callApi(sut.url, 'POST', `/api/projects/${project}/stations/${station}`, { token: owner.token })).status).toBe(
    204,
  );
  const readings = [];
  for (let m = 0; m < 6 * 60; m++) {
    readings.push({ station, sensor: 1, time: T0 + m * MIN, value: m / 10 });
    readings.push({ station, sensor: 2, time: T0 + m * MIN, value: 20 + m / 100 });
  }
  await insertReadings(sut, readings);
});
afterAll(() => sut?.close());

describe('export quotas', () => {
  it("refuses a person's export past EXPORT_MAX_WAITING_PER_USER with a 429, Retry-After and a message; others are not held up", async () => {
    const held = [await runningElsewhere(owner), await runningElsewhere(owner)];
    const refused = await startExport(owner, small());
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 'EXPORT.TOO_MANY',
      message: expect.stringMatching(/2 exports waiting or running/),
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Nothing was queued for the refusal.
    expect(
      (await sut.runtime.pool.query('SELECT count(*)::int AS n FROM gt_exports WHERE owner_id = $1', [owner.id])).rows[0].n,
    ).toBe(2);
    // Someone else's export is queued and runs.
    expect((await settled(other, ok(await startExport(other, small())))).state).toBe('done');

    // Control: with one place free again, the owner's export is accepted.
    await sut.runtime.pool.query(`UPDATE gt_exports SET state = 'failed', completed_at = now() WHERE id = $1`, [held[0]]);
    const accepted = ok(await startExport(owner, small()));
    expect(accepted['state']).toBe('queued');

    // EXPORT_MAX_RUNNING_PER_USER = 1: while the other one runs elsewhere, this one waits its turn ...
    expect((await settled(other, ok(await startExport(other, small(1))))).state).toBe('done');
    expect((await statusOf(owner, accepted))['state']).toBe('queued');
    // ... and runs once it has ended.
    await sut.runtime.pool.query(`UPDATE gt_exports SET state = 'failed', completed_at = now() WHERE id = $1`, [held[1]]);
    sut.app.get(ExportRunner, { strict: false }).wake();
    expect((await settled(owner, accepted)).state).toBe('done');
  });

  it('fails an export that grows past EXPORT_MAX_BYTES with a clear error, and keeps no file', async () => {
    const job = ok(await startExport(owner, large()));
    const end = await settled(owner, job);
    expect(end).toMatchObject({
      state: 'failed',
      errorCode: 'EXPORT.TOO_LARGE',
      error: expect.stringMatching(/20,000 bytes, the size limit of one export/),
      downloadUrl: null,
    });
    expect(existsSync(exportFilePath(sut.dataDir, job['token'] as string, 'csv'))).toBe(false);
    expect(existsSync(`${exportFilePath(sut.dataDir, job['token'] as string, 'csv')}.part`)).toBe(false);
    // Control: an export under the limit is done.
    expect(await settled(owner, ok(await startExport(owner, small(2))))).toMatchObject({ state: 'done', errorCode: null });
  });
});

describe('export retention', () => {
  it('keeps a file EXPORT_RETENTION_DAYS, then answers 410, says expired in the history, and deletes the file', async () => {
    const job = await settled(owner, ok(await startExport(owner, small(3))));
    expect(job['state']).toBe('done');
    const days = ((job['expiresAt'] as number) - (job['completedAt'] as number)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    const file = exportFilePath(sut.dataDir, job['token'] as string, 'csv');
    expect((await download(owner, job)).status).toBe(200);
    expect(existsSync(file)).toBe(true);
    // Control: the sweep leaves a file inside its retention alone.
    const runner = sut.app.get(ExportRunner, { strict: false });
    await runner.sweepExpired();
    expect(existsSync(file)).toBe(true);

    // Seven days on (the record's clock moved back rather than the test waiting a week).
    await sut.runtime.pool.query(`UPDATE gt_exports SET expires_at = now() - interval '1 second' WHERE token = $1`, [
      job['token'],
    ]);
    // Expired at once, before any sweep: the download is a 410 and the history says so.
    const gone = await download(owner, job);
    expect(gone).toMatchObject({ status: 410, body: { code: 'EXPORT.EXPIRED', message: expect.stringMatching(/expired/) } });
    expect(await historyItem(owner, job['token'])).toMatchObject({ state: 'expired', downloadUrl: null, progress: 100 });
    // The sweep deletes the file and records it.
    expect(await runner.sweepExpired()).toBeGreaterThanOrEqual(1);
    expect(existsSync(file)).toBe(false);
    const row = await sut.runtime.pool.query('SELECT state, expired_at FROM gt_exports WHERE token = $1', [job['token']]);
    expect(row.rows[0]).toMatchObject({ state: 'expired', expired_at: expect.any(Date) });
    expect((await download(owner, job)).status).toBe(410);
    expect(await historyItem(owner, job['token'])).toMatchObject({ state: 'expired', expiresAt: expect.any(Number) });
  });
});

describe('bookmark limits', () => {
  const bookmark = (stations: number[]) => ({ v: 1, g: [], s: stations, p: [], c: null });
  const save = (b: unknown, token?: string) => callApi(sut.url, 'POST', '/api/bookmarks/save', { body: b, token: token ?? null });

  it('refuses a bookmark longer than BOOKMARK_MAX_CHARS with a clear 400, and stores nothing', async () => {
    const big = bookmark(Array.from({ length: 300 }, (_, i) => 100_000 + i));
    const res = await save(big, owner.token);
    expect(res).toMatchObject({
      status: 400,
      body: { code: 'BOOKMARK.TOO_LARGE', errors: { bookmark: expect.stringMatching(/at most 1000 characters/) } },
    });
    const stored = await sut.runtime.pool.query(`SELECT count(*)::int AS n FROM gt_bookmarks WHERE content LIKE '%100299%'`);
    expect(stored.rows[0].n).toBe(0);
    // Control: a bookmark under the limit is stored.
    expect((await save(bookmark([7]), owner.token)).status).toBe(200);
  });

  it('limits saves an hour: per address without signing in, per person signed in', async () => {
    const anonymous = [];
    for (let i = 0; i < 4; i++) anonymous.push(await save(bookmark([500 + i])));
    expect(anonymous.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(anonymous[3]!.body).toMatchObject({ code: 'BOOKMARK.TOO_MANY_SAVES', message: expect.stringMatching(/Sign in/) });
    const retryAfter = Number(anonymous[3]!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    // A signed-in person from the same address has their own count: five this hour.
    const signedIn = [];
    for (let i = 0; i < 4; i++) signedIn.push((await save(bookmark([600 + i]), other.token)).status);
    expect(signedIn).toEqual([200, 200, 200, 200]);
    expect((await save(bookmark([700]), other.token)).status).toBe(200);
    expect(await save(bookmark([701]), other.token)).toMatchObject({ status: 429, body: { code: 'BOOKMARK.TOO_MANY_SAVES' } });
  });
});
