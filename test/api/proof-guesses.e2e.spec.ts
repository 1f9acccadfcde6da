import { bearerOf, callApi, outboxOf, signUp } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { callAsReader } from '../support/versions.js';

/**
 * A finding of the security review (issue 31 item 5), in its own file because it needs the
 * product's own guess limit (the other suites raise it): after about 20 wrong password guesses by
 * someone holding a token, the owner's own e-mail change with the right password was refused for
 * 15 minutes.
 */
let limited: TestApp;
beforeAll(async () => {
  limited = await startTestApp({ AUTH_RATE_LIMIT: '20' });
});
afterAll(() => limited.close());

describe('wrong password guesses with a token (proof of the person)', () => {
  it("refuses a session's guesses past the limit, even the right one, but never the owner's own session", async () => {
    const user = await signUp(limited, outboxOf(limited.dataDir), { name: 'Guessed' });
    const signIn = async () =>
      bearerOf(await callApi(limited.url, 'POST', '/api/login', { body: { email: user.email, password: user.password } }));
    const thief = user.token; // a token someone took
    const ownerToken = await signIn(); // the owner's own session, elsewhere
    const later = await signIn(); // another of the owner's sessions
    const changeEmail = async (token: string, currentPassword: string) => {
      const to = `moved-${Date.now()}-${Math.random().toString(36).slice(2)}@example.org`;
      return callAsReader(limited.url, 'PATCH', `/api/users/${user.id}`, { token, body: { email: to, currentPassword } });
    };

    // The owner gets a password right: it does not use up the limit.
    const ownerFirst = (await changeEmail(ownerToken, user.password)).status;
    const guesses: number[] = [];
    for (let i = 0; i < 21; i++) guesses.push((await changeEmail(thief, `guess number ${i}`)).status);
    // Brute force stays bounded: the guessing session is refused even the right password.
    const stopped = await changeEmail(thief, user.password);
    // The owner still proves who they are from their own session (before the fix: a 429 for 15 minutes).
    const ownerAfter = (await changeEmail(ownerToken, user.password)).status;
    // Another session has nothing counted against it: a wrong guess there is judged, not refused.
    const elsewhere = (await changeEmail(later, 'one wrong guess')).status;
    expect({
      ownerFirst,
      // Control: the guesses before the limit were judged, and refused as wrong.
      guessesBeforeLimit: guesses.slice(0, 20),
      atLimit: guesses[20],
      thiefWithTheRightPassword: { status: stopped.status, code: stopped.body?.['code'] },
      retryAfter: Number(stopped.headers.get('retry-after')) > 0,
      ownerAfter,
      elsewhere,
    }).toEqual({
      ownerFirst: 200,
      guessesBeforeLimit: Array.from({ length: 20 }, () => 403),
      atLimit: 429,
      thiefWithTheRightPassword: { status: 429, code: 'AUTH.TOO_MANY_ATTEMPTS' },
      retryAfter: true,
      ownerAfter: 200,
      elsewhere: 403,
    });
  });
});
