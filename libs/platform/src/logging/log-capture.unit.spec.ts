import { logKind, logRow } from './log-capture.js';

describe('logKind', () => {
  it.each([
    [{ level: 'error', msg: 'upload 3 failed', ingestionId: 3 }, 'ingestion'],
    [{ level: 'info', msg: 'request', path: '/api/data/ingestions/3/process', status: 200 }, 'ingestion'],
    [{ level: 'info', msg: 'request', path: '/api/projects/1', status: 409 }, 'conflict'],
    [{ level: 'error', msg: 'unhandled error' }, 'error'],
    [{ level: 'fatal', msg: 'cannot start' }, 'error'],
    [{ level: 'info', msg: 'request', path: '/api/projects', status: 200 }, 'other'],
  ] as const)('sorts %j as %s', (line, kind) => {
    expect(logKind(line)).toBe(kind);
  });
});

describe('logRow', () => {
  it('takes the ids a line names, and refuses what is not a JSON object', () => {
    expect(
      logRow(JSON.stringify({ level: 'warn', msg: 'm', requestId: 'abc', stationId: 5, userId: '9', name: 'api' })),
    ).toMatchObject({
      level: 40,
      request_id: 'abc',
      station_id: 5,
      user_id: 9,
      process: 'api',
    });
    expect(logRow('not json')).toBeNull();
    expect(logRow('[1,2]')).toBeNull();
    expect(logRow(JSON.stringify({ msg: 'x', stationId: -1 }))).toMatchObject({ station_id: null });
  });
});
