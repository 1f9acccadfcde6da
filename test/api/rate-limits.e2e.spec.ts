import { callApi } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Login, register and recovery are limited per IP and per account (AUTH_RATE_LIMIT per 15 minutes). */
let limited: TestApp;
beforeAll(async () => {
  limited = await startTestApp({ AUTH_RATE_LIMIT: '3' });
});
afterAll(() => limited.close());

describe('rate limits', () => {
  it('answers 429 with a clear message after too many attempts per account or per address', async () => {
    const attempt = (email: string) =>
      callApi(limited.url, 'POST', '/api/login', { body: { email, password: 'wrong password' } });
    const statuses = [];
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await attempt('target@example.org'));
    statuses.push(...answers.map((a) => a.status));
    // Control: the refusals before the limit say nothing of retrying.
    expect(answers.slice(0, 3).map((a) => a.headers.get('retry-after'))).toEqual([null, null, null]);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const res = await attempt('another@example.org'); // same address (IP), so still limited
    expect(res).toMatchObject({
      status: 429,
      body: { code: 'AUTH.TOO_MANY_ATTEMPTS', message: expect.stringMatching(/Too many attempts/) },
    });
    // Retry-After says when the 15-minute window that counted the attempts ends (seconds).
    const retryAfter = res.headers.get('retry-after');
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(15 * 60);
    expect((await callApi(limited.url, 'POST', '/api/user/recovery/lookup', { body: { email: 'x@example.org' } })).status).toBe(
      204,
    );
  });
});
