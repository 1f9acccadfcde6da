import { callApi, outboxOf, signUp, type TestUser } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * An API process may serve before the projector has created a read model's table (separate
 * processes, the projector started second or rebuilding). A read of that table is then not yet
 * known: 503 with Retry-After, never a 500 (issue 27's leftover: `GET /api/notifications` was a 500).
 */
let sut: TestApp;
let user: TestUser;

beforeAll(async () => {
  sut = await startTestApp();
  user = await signUp(sut, outboxOf(sut.dataDir));
  // The state of a database whose projector has not started yet: no notifications table.
  await sut.runtime.pool.query('DROP TABLE notifications');
}, 120_000);
afterAll(async () => sut.close());

describe('a read model not created yet', () => {
  it.each([
    ['GET', '/api/notifications', undefined],
    ['GET', '/api/notifications?filter=unread&since=3', undefined],
    ['POST', '/api/notifications/seen', { ids: [] }],
  ] as const)('%s %s answers 503 with Retry-After, not a 500', async (method, path, body) => {
    const answer = await callApi(sut.url, method, path, { token: user.token, ...(body ? { body } : {}) });
    expect({ status: answer.status, code: answer.body?.['code'], retryAfter: answer.headers.get('retry-after') }).toEqual({
      status: 503,
      code: 'READ_MODEL.NOT_READY',
      retryAfter: '5',
    });
  });

  it('still answers 500 for a fault that is not a missing table', async () => {
    // Control: a table without the columns asked for is a real fault, not "not ready".
    await sut.runtime.pool.query('CREATE TABLE notifications (id bigint)');
    const broken = await callApi(sut.url, 'GET', '/api/notifications', { token: user.token });
    expect(broken.status).toBe(500);
  });
});
