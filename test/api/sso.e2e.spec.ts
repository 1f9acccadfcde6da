import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { StartSessionCommand } from '../../apps/api/src/accounts/commands/start-session/start-session.command.js';
import { TokenService } from '../../apps/api/src/accounts/tokens/token.service.js';
import { CommandGateway } from '../../apps/api/src/common/cqrs/command-gateway.js';
import { bearerOf, callApi, claimsOf, outboxOf, signUp, type Mailbox, type Reply } from '../support/accounts.js';
import { startTestIdp, type TestIdp } from '../support/oidc-provider.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { callAsReader } from '../support/versions.js';

const PUBLIC_URL = 'http://portal.test';
const FORUM_URL = 'https://forum.example.org';
const FORUM_SECRET = 'forum-shared-secret-for-tests';

let idp: TestIdp;
let sut: TestApp;
let mailbox: Mailbox;
const startConfigured = async () => {
  idp = await startTestIdp({ publicUrl: PUBLIC_URL });
  sut = await startTestApp({
    PUBLIC_URL,
    OIDC_ISSUER_URL: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    DISCOURSE_SECRET: FORUM_SECRET,
    DISCOURSE_URL: FORUM_URL,
  });
  mailbox = outboxOf(sut.dataDir);
};
const stopConfigured = async () => {
  await sut?.close();
  await idp?.close();
};

let people = 0;
const person = (overrides: Partial<{ email: string; email_verified: boolean; name: string }> = {}) => {
  people += 1;
  const account = {
    sub: `idp-${people}-${Date.now()}`,
    email: `sso-${people}-${Date.now()}@example.org`,
    email_verified: true,
    name: `Sso Person ${people}`,
    ...overrides,
  };
  idp.accounts.set(account.sub, account);
  return account;
};

/** Asks the portal where to sign in, signs in at the provider, and answers the provider's return. */
const visitProvider = async (sub: string, after?: string) => {
  const started = await callApi(sut.url, 'GET', `/api/oidc/url${after ? `?after=${encodeURIComponent(after)}` : ''}`);
  expect(started.status).toBe(200);
  return idp.signIn(started.body!['location'] as string, sub);
};

const finish = (back: URL, overrides: Record<string, string> = {}): Promise<Reply> => {
  const query = new URLSearchParams({
    state: back.searchParams.get('state')!,
    code: back.searchParams.get('code')!,
    ...overrides,
  });
  if (back.searchParams.has('session_state')) query.set('session_state', back.searchParams.get('session_state')!);
  return callApi(sut.url, 'POST', `/api/oidc/auth?${query.toString()}`);
};

const me = (token: string) => callApi(sut.url, 'GET', '/api/user', { token });

// chDB opens one data folder per process, so the apps of this file run one after the other.
describe('with single sign-on configured', () => {
  beforeAll(startConfigured);
  afterAll(stopConfigured);

  describe('OpenID Connect single sign-on', () => {
    it('sends the browser to the provider with PKCE, state, nonce and the web app return address', async () => {
      const reply = await callApi(sut.url, 'GET', '/api/oidc/url?after=%2Fdashboard%2Fuser');
      const location = new URL(reply.body!['location'] as string);
      expect(location.origin).toBe(idp.issuer);
      expect(Object.fromEntries(location.searchParams)).toMatchObject({
        client_id: idp.clientId,
        redirect_uri: `${PUBLIC_URL}/login/keycloak`,
        response_type: 'code',
        scope: 'openid email profile',
        code_challenge_method: 'S256',
      });
      for (const key of ['state', 'nonce', 'code_challenge']) expect(location.searchParams.get(key)).toBeTruthy();
    });

    it('creates a validated account on first sign-in, and finds the same account the next time', async () => {
      const who = person({ name: 'Grace Hopper' });
      const first = await finish(await visitProvider(who.sub, '/dashboard/user'));
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ after: '/dashboard/user' });
      const token = bearerOf(first);
      const profile = await me(token);
      expect(profile.status).toBe(200);
      expect(profile.body).toMatchObject({ name: 'Grace Hopper', email: who.email, emailValidated: true });
      const userId = claimsOf(token)['sub'];

      const second = await finish(await visitProvider(who.sub));
      expect(second.status).toBe(200);
      expect(second.body).toEqual({ after: null });
      expect(claimsOf(bearerOf(second))['sub']).toBe(userId);

      // Logging out sends the browser to the provider's end-session endpoint (found by discovery),
      // so the login screen does not sign the person straight back in.
      const out = await callApi(sut.url, 'POST', '/api/logout', { token: bearerOf(second) });
      expect(out.status).toBe(200);
      const location = new URL(String(out.body!['location']));
      expect(location.href.startsWith(idp.issuer)).toBe(true);
      expect(location.searchParams.get('client_id')).toBeTruthy();
    });

    it('lets an account without a password change its e-mail or password, or delete itself, only within 5 minutes of a sign-in (issue 13)', async () => {
      const who = person();
      const fresh = bearerOf(await finish(await visitProvider(who.sub)));
      const userId = Number(claimsOf(fresh)['sub']);
      // Another session of the same person, signed in 6 minutes ago.
      const sessionId = randomUUID();
      const secret = randomBytes(32).toString('base64url');
      const sixMinutesAgo = new Date(Date.now() - 6 * 60_000).toISOString();
      await sut.app.get(CommandGateway).execute(
        new StartSessionCommand(
          {
            sessionId,
            userId,
            method: 'oidc',
            refreshTokenHash: createHash('sha256').update(secret).digest('base64url'),
            ttlDays: 30,
            spoofedBy: null,
          },
          { correlationId: 'test', causationId: 'test', userId, now: sixMinutesAgo },
        ),
      );
      const old = await sut.app
        .get(TokenService)
        .signAccess({ userId, sessionId, refreshToken: `${sessionId}.${secret}`, spoofedBy: null });
      // A refresh gives a new token, not a new sign-in.
      const refreshed = bearerOf(
        await callApi(sut.url, 'POST', '/api/refresh', { body: { refreshToken: `${sessionId}.${secret}` } }),
      );
      const elsewhere = `elsewhere-${Date.now()}@example.org`;
      for (const token of [old, refreshed]) {
        expect(await callAsReader(sut.url, 'PATCH', `/api/users/${userId}`, { token, body: { email: elsewhere } })).toMatchObject(
          {
            status: 403,
            body: { code: 'USER.PROOF_RECENT_SIGN_IN_REQUIRED' },
          },
        );
        expect(
          await callApi(sut.url, 'PATCH', `/api/users/${userId}/password`, {
            token,
            body: { newPassword: 'a password of mine' },
          }),
        ).toMatchObject({ status: 403, body: { code: 'USER.PROOF_RECENT_SIGN_IN_REQUIRED' } });
        expect(await callApi(sut.url, 'DELETE', '/api/auth/delete-account', { token, body: { email: who.email } })).toMatchObject(
          { status: 403, body: { code: 'USER.PROOF_RECENT_SIGN_IN_REQUIRED' } },
        );
      }
      expect((await me(fresh)).body).toMatchObject({ email: who.email });

      // Signed in just now: the change goes through, and the old address is told.
      expect(
        await callAsReader(sut.url, 'PATCH', `/api/users/${userId}`, { token: fresh, body: { email: elsewhere } }),
      ).toMatchObject({ status: 200, body: { email: elsewhere } });
      await mailbox.waitFor((m) => m.to.includes(who.email) && /was changed/.test(m.subject));
      // A first password, set with the recent sign-in; from then on the password is the proof.
      expect(
        (
          await callApi(sut.url, 'PATCH', `/api/users/${userId}/password`, {
            token: fresh,
            body: { newPassword: 'a password of mine' },
          })
        ).status,
      ).toBe(204);
      expect(
        await callApi(sut.url, 'DELETE', '/api/auth/delete-account', { token: fresh, body: { email: elsewhere } }),
      ).toMatchObject({ status: 403, body: { code: 'USER.PROOF_PASSWORD_REQUIRED' } });
      expect(
        (
          await callApi(sut.url, 'DELETE', '/api/auth/delete-account', {
            token: fresh,
            body: { email: elsewhere, password: 'a password of mine' },
          })
        ).status,
      ).toBe(204);
    });

    it('links an existing password account with the same verified address instead of making another', async () => {
      const existing = await signUp(sut, mailbox, { name: 'Password Person' });
      const who = person({ email: existing.email.toUpperCase() });
      const reply = await finish(await visitProvider(who.sub));
      expect(reply.status).toBe(200);
      expect(Number(claimsOf(bearerOf(reply))['sub'])).toBe(existing.id);
      expect((await me(bearerOf(reply))).body).toMatchObject({ id: existing.id, name: 'Password Person' });
      // The password still works: the link adds a way in, it does not replace one.
      expect(
        (await callApi(sut.url, 'POST', '/api/login', { body: { email: existing.email, password: existing.password } })).status,
      ).toBe(204);
    });

    it('does not link an existing account on an address the provider has not verified', async () => {
      const existing = await signUp(sut, mailbox);
      const who = person({ email: existing.email, email_verified: false });
      expect(await finish(await visitProvider(who.sub))).toMatchObject({ status: 401, body: { code: 'SSO.FAILED' } });
    });

    it('creates an unvalidated account when the provider has not verified a new address', async () => {
      const reply = await finish(await visitProvider(person({ email_verified: false }).sub));
      expect(reply.status).toBe(200);
      expect((await me(bearerOf(reply))).body).toMatchObject({ emailValidated: false });
    });

    it('answers 400 for an attempt older than ten minutes', async () => {
      const back = await visitProvider(person().sub);
      await sut.runtime.pool.query("UPDATE gt_oidc_states SET created_at = now() - interval '11 minutes' WHERE state = $1", [
        back.searchParams.get('state'),
      ]);
      expect(await finish(back)).toMatchObject({ status: 400, body: { code: 'SSO.STATE_UNKNOWN' } });
    });

    it('answers 400 when the same return is replayed', async () => {
      const back = await visitProvider(person().sub);
      expect((await finish(back)).status).toBe(200);
      expect(await finish(back)).toMatchObject({ status: 400, body: { code: 'SSO.STATE_UNKNOWN' } });
    });

    it('answers 400 for a state it never issued', async () => {
      expect(await callApi(sut.url, 'POST', '/api/oidc/auth?state=made-up&code=whatever')).toMatchObject({
        status: 400,
        body: { code: 'SSO.STATE_UNKNOWN' },
      });
    });

    it('answers 401 when the provider refuses the code, and the attempt is then used up', async () => {
      const back = await visitProvider(person().sub);
      const wrong = await finish(back, { code: 'not-a-code-the-provider-issued' });
      expect(wrong).toMatchObject({ status: 401, body: { code: 'SSO.FAILED' } });
      expect(wrong.headers.get('authorization')).toBeNull();
      expect(await finish(back)).toMatchObject({ status: 400, body: { code: 'SSO.STATE_UNKNOWN' } });
    });

    it('answers 400 with field errors when the return lacks its code', async () => {
      expect((await callApi(sut.url, 'POST', '/api/oidc/auth?state=abc')).status).toBe(400);
    });
  });

  describe('forum (Discourse) single sign-on', () => {
    const sign = (sso: string, secret = FORUM_SECRET) => createHmac('sha256', secret).update(sso).digest('hex');
    const forumRequest = (nonce: string, returnSsoUrl = `${FORUM_URL}/session/sso_login`) => {
      const sso = Buffer.from(new URLSearchParams({ nonce, return_sso_url: returnSsoUrl }).toString()).toString('base64');
      return { sso, sig: sign(sso) };
    };
    const forumAuth = (body: Record<string, unknown>, token?: string) =>
      callApi(sut.url, 'POST', '/api/discourse/auth', { body, token: token ?? null });
    const payloadOf = (location: string) => {
      const url = new URL(location);
      const sso = url.searchParams.get('sso')!;
      return {
        url,
        sso,
        sig: url.searchParams.get('sig')!,
        fields: Object.fromEntries(new URLSearchParams(Buffer.from(sso, 'base64').toString('utf8'))),
      };
    };

    it('signs the user in with e-mail and password and answers a signed return to the forum', async () => {
      const user = await signUp(sut, mailbox, { name: 'Forum Fan' });
      const reply = await forumAuth({ ...forumRequest('nonce-1'), email: user.email, password: user.password });
      expect(reply.status).toBe(200);
      expect(Number(claimsOf(bearerOf(reply))['sub'])).toBe(user.id);
      const back = payloadOf(reply.body!['location'] as string);
      expect(back.url.origin + back.url.pathname).toBe(`${FORUM_URL}/session/sso_login`);
      expect(back.sig).toBe(sign(back.sso));
      expect(back.fields).toMatchObject({
        nonce: 'nonce-1',
        email: user.email,
        external_id: String(user.id),
        name: 'Forum Fan',
        username: 'Forum_Fan',
        admin: 'false',
        moderator: 'false',
        require_activation: 'false',
      });
    });

    it('uses the session of a signed-in caller who sends no password', async () => {
      const user = await signUp(sut, mailbox, { moderator: true });
      const reply = await forumAuth(forumRequest('nonce-2'), user.token);
      expect(reply.status).toBe(200);
      expect(payloadOf(reply.body!['location'] as string).fields).toMatchObject({
        nonce: 'nonce-2',
        email: user.email,
        external_id: String(user.id),
        moderator: 'true',
      });
    });

    it('refuses a request signed with another secret', async () => {
      const { sso } = forumRequest('nonce-3');
      expect(await forumAuth({ sso, sig: sign(sso, 'not-the-forum-secret') }, (await signUp(sut, mailbox)).token)).toMatchObject({
        status: 400,
        body: { code: 'SSO.BAD_SIGNATURE' },
      });
    });

    it('refuses to send an identity to a return address outside the forum', async () => {
      const user = await signUp(sut, mailbox);
      expect(await forumAuth(forumRequest('nonce-4', 'https://evil.example.net/session/sso_login'), user.token)).toMatchObject({
        status: 400,
        body: { code: 'SSO.BAD_RETURN_URL' },
      });
    });

    it('refuses a signed payload without a nonce', async () => {
      const sso = Buffer.from(`return_sso_url=${encodeURIComponent(FORUM_URL)}`).toString('base64');
      expect(await forumAuth({ sso, sig: sign(sso) }, (await signUp(sut, mailbox)).token)).toMatchObject({
        status: 400,
        body: { code: 'SSO.BAD_PAYLOAD' },
      });
    });

    it('refuses an admin spoofing another user', async () => {
      const admin = await signUp(sut, mailbox, { admin: true });
      const user = await signUp(sut, mailbox);
      const spoofed = await callApi(sut.url, 'POST', '/api/login', {
        body: { email: user.email, password: `${admin.email} ${admin.password}` },
      });
      expect(await forumAuth(forumRequest('nonce-7'), bearerOf(spoofed))).toMatchObject({
        status: 403,
        body: { code: 'SSO.SPOOFED' },
      });
      const withPassword = await forumAuth({
        ...forumRequest('nonce-8'),
        email: user.email,
        password: `${admin.email} ${admin.password}`,
      });
      expect(withPassword).toMatchObject({ status: 403, body: { code: 'SSO.SPOOFED' } });
      expect(withPassword.headers.get('authorization')).toBeNull();
    });

    it('answers 401 for a wrong password, and for no credentials at all', async () => {
      const user = await signUp(sut, mailbox);
      const wrong = await forumAuth({ ...forumRequest('nonce-5'), email: user.email, password: 'not the password at all' });
      expect(wrong).toMatchObject({ status: 401, body: { code: 'AUTH.LOGIN_FAILED' } });
      expect(wrong.headers.get('authorization')).toBeNull();
      expect(await forumAuth(forumRequest('nonce-6'))).toMatchObject({ status: 401, body: { code: 'AUTH.REQUIRED' } });
    });
  });
});

describe('single sign-on not configured', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await startTestApp();
  });
  afterAll(() => plain?.close());

  it('says there is no provider address (200, no error for the login page to log), and answers 404 for the return and the forum', async () => {
    expect(await callApi(plain.url, 'GET', '/api/oidc/url')).toMatchObject({ status: 200, body: { location: null } });
    expect(await callApi(plain.url, 'POST', '/api/oidc/auth?state=abc&code=def')).toMatchObject({
      status: 404,
      body: { code: 'SSO.NOT_CONFIGURED' },
    });
    const sso = Buffer.from('nonce=1&return_sso_url=https://forum.example.org').toString('base64');
    expect(await callApi(plain.url, 'POST', '/api/discourse/auth', { body: { sso, sig: 'a'.repeat(64) } })).toMatchObject({
      status: 404,
      body: { code: 'SSO.NOT_CONFIGURED' },
    });
  });
});

describe('single sign-on with the provider down', () => {
  let stranded: TestApp;
  beforeAll(async () => {
    const gone = await startTestIdp({ publicUrl: PUBLIC_URL });
    await gone.close();
    stranded = await startTestApp({ PUBLIC_URL, OIDC_ISSUER_URL: gone.issuer, OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'y' });
  });
  afterAll(() => stranded?.close());

  it('answers 401 SSO.FAILED, not a 500, and says the provider cannot be reached', async () => {
    const reply = await callApi(stranded.url, 'GET', '/api/oidc/url');
    expect(reply).toMatchObject({ status: 401, body: { code: 'SSO.FAILED' } });
    expect(reply.body!['message']).toMatch(/cannot be reached/);
  });

  it('still logs out, with no provider address to visit', async () => {
    const user = await signUp(stranded, outboxOf(stranded.dataDir));
    expect(await callApi(stranded.url, 'POST', '/api/logout', { token: user.token })).toMatchObject({
      status: 200,
      body: { location: null },
    });
  });
});
