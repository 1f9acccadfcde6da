import { createTestDatabase, type TestDatabase } from '../../../../test/support/test-database.js';
import { createLogger } from './logger.js';
import { LogCapture } from './log-capture.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());
beforeEach(() => db.pool.query('DELETE FROM gt_logs'));

const DAY = 24 * 60 * 60 * 1000;
const messages = async (): Promise<string[]> =>
  (await db.pool.query<{ msg: string }>('SELECT msg FROM gt_logs ORDER BY id')).rows.map((r) => r.msg);

describe('LogCapture', () => {
  it("writes a real logger's lines with their level, kind, request, station and user, and the raw fields", async () => {
    const sut = new LogCapture({ flushMs: 60_000 });
    const log = createLogger('info', 'api', { capture: sut, stdout: false });
    log.info({ requestId: 'r-1', userId: 7, method: 'GET', path: '/api/projects', status: 200 }, 'request');
    log.error({ ingestionId: 3, stationId: 42 }, 'upload 3 of station 42 processed with 1 error(s)');
    log.info({ status: 409, path: '/api/projects/1' }, 'request');
    log.error({ err: new Error('boom') }, 'unhandled error');
    log.debug('below the level: not kept');
    sut.attach(db.pool);
    await sut.close();
    const rows = await db.pool.query(
      'SELECT level, kind, msg, process, request_id, station_id, user_id, fields FROM gt_logs ORDER BY id',
    );
    expect(rows.rows).toEqual([
      expect.objectContaining({ level: 30, kind: 'other', request_id: 'r-1', user_id: '7', process: 'api' }),
      expect.objectContaining({ level: 50, kind: 'ingestion', station_id: '42' }),
      expect.objectContaining({ level: 30, kind: 'conflict' }),
      expect.objectContaining({ level: 50, kind: 'error', msg: 'unhandled error' }),
    ]);
    expect(rows.rows[3].fields).toMatchObject({ err: { message: 'boom' } });
    expect(sut.stats()).toMatchObject({ written: 4, dropped: 0, buffered: 0 });
  });

  it('removes rows older than the retention window and keeps newer ones', async () => {
    const sut = new LogCapture({ retentionDays: 10, flushMs: 60_000 });
    const now = new Date('2026-11-28T12:00:00Z');
    for (const [msg, age] of [
      ['eleven days old', 11 * DAY],
      ['nine days old', 9 * DAY],
      ['today', 0],
    ] as const) {
      sut.stream.write(JSON.stringify({ level: 'info', time: new Date(now.getTime() - age).toISOString(), msg }));
    }
    sut.attach(db.pool);
    await sut.flush();
    expect(await messages()).toEqual(['eleven days old', 'nine days old', 'today']);
    expect(await sut.sweep(now)).toBe(1);
    expect(await messages()).toEqual(['nine days old', 'today']);
    await sut.close();
  });

  it('drops lines past its bound without blocking, counts them, and says so in the log once it writes', async () => {
    const sut = new LogCapture({ maxBuffered: 3, flushMs: 60_000 });
    for (let i = 0; i < 5; i++) sut.stream.write(JSON.stringify({ level: 'info', msg: `line ${i}` }));
    expect(sut.stats()).toEqual({ buffered: 3, written: 0, dropped: 2 });
    sut.attach(db.pool);
    await sut.close();
    expect(await messages()).toEqual(['line 0', 'line 1', 'line 2', '2 log lines were dropped: the log writer fell behind']);
  });

  it('never throws into the logger when Postgres refuses the batch: the lines are counted as dropped', async () => {
    const broken = new LogCapture({ flushMs: 60_000 });
    await db.pool.query('ALTER TABLE gt_logs RENAME TO gt_logs_away');
    try {
      broken.stream.write(JSON.stringify({ level: 'error', msg: 'lost' }));
      broken.attach(db.pool);
      await expect(broken.close()).resolves.toBeUndefined();
      expect(broken.stats()).toMatchObject({ written: 0, dropped: 1 });
    } finally {
      await db.pool.query('ALTER TABLE gt_logs_away RENAME TO gt_logs');
    }
  });
});
