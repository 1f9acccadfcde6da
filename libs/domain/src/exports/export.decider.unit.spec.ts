import { fold } from '../kernel/decider.js';
import { specFor, testMetadata } from '../testing/index.js';
import { exportDecider } from './export.decider.js';
import type { ExportRequested } from './export.events.js';

const sut = specFor(exportDecider);
const meta = testMetadata({ userId: 4, now: '2026-05-01T10:00:00.000Z' });
const query = { stations: [3], sensors: null, start: 0, end: 1000, tz: 'UTC' };
const requested: ExportRequested = {
  type: 'ExportRequested',
  data: { exportId: 9, ownerId: 4, format: 'csv', query, fileName: 'a.csv', requestedAt: meta.now },
};

describe('export decider', () => {
  it("records a request, then the runner's start, completion and expiry", () => {
    sut
      .given([])
      .when({ type: 'RequestExport', data: { exportId: 9, ownerId: 4, format: 'csv', query, fileName: 'a.csv' } }, meta)
      .then([requested]);
    sut
      .given([requested])
      .when({ type: 'StartExport', data: { attempt: 1 } }, meta)
      .then([{ type: 'ExportStarted', data: { exportId: 9, attempt: 1, startedAt: meta.now } }]);
    sut
      .given([requested])
      .when({ type: 'CompleteExport', data: { rows: 5, size: 120, expiresAt: '2026-05-08T10:00:00.000Z' } }, meta)
      .then([
        {
          type: 'ExportCompleted',
          data: {
            exportId: 9,
            rows: 5,
            size: 120,
            fileName: 'a.csv',
            completedAt: meta.now,
            expiresAt: '2026-05-08T10:00:00.000Z',
          },
        },
      ]);
    const expired = { type: 'ExportExpired' as const, data: { exportId: 9, expiredAt: meta.now } };
    sut.given([requested]).when({ type: 'ExpireExport', data: {} }, meta).then([expired]);
    sut.given([requested, expired]).when({ type: 'ExpireExport', data: {} }, meta).then([]);
  });

  it('refuses news of an export it never heard of, and a second request', () => {
    sut
      .given([])
      .when({ type: 'StartExport', data: { attempt: 1 } }, meta)
      .thenThrows({ kind: 'not_found', code: 'EXPORT.NOT_FOUND' });
    sut
      .given([requested])
      .when({ type: 'RequestExport', data: { exportId: 9, ownerId: 4, format: 'csv', query, fileName: 'a.csv' } }, meta)
      .thenThrows({ kind: 'conflict' });
  });

  it('folds a failed run and its retry to the latest attempt', () => {
    const state = fold(exportDecider, [
      requested,
      { type: 'ExportStarted', data: { exportId: 9, attempt: 1, startedAt: meta.now } },
      { type: 'ExportFailed', data: { exportId: 9, error: 'too big', errorCode: 'EXPORT.TOO_LARGE', failedAt: meta.now } },
    ]);
    expect(state).toMatchObject({ status: 'failed', attempts: 1, error: 'too big', errorCode: 'EXPORT.TOO_LARGE' });
  });
});
