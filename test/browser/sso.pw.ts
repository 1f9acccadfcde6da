import { expect, request as apiRequest, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { startTestIdp, type IdpAccount, type TestIdp } from '../support/oidc-provider';
import { claimsOf, createValidatedAccount, field, fillLogin, storedToken, TOKEN_KEY, uniqueEmail } from './accounts';
import { forumRequest, freePort, startForumStub, startProductServer, type ForumStub, type ProductServer } from './product-server';

/**
 * Single sign-on, the forum's sign-on and the session's clock, all for real: a second product server
 * configured with a real OpenID Connect provider (oidc-provider, in this worker), a forum's return
 * address (a tiny HTTP server that checks what arrives), and access tokens that expire after 10 s.
 */

const FORUM_SECRET = 'forum-secret-for-browser-tests';
const ACCESS_TOKEN_TTL_SECONDS = 10;

let idp: TestIdp | undefined;
let forum: ForumStub | undefined;
let server: ProductServer | undefined;
let api: APIRequestContext | undefined;

const running = () => {
  if (!idp || !forum || !server || !api) throw new Error('the second product server did not start');
  return { idp, forum, server, api };
};

/** An absolute address on the second server (the config's baseURL is the suite's server). */
const at = (path: string): string => `${running().server.url}${path}`;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // The provider must know the server's return address before the server knows the provider.
  const port = await freePort();
  idp = await startTestIdp({ publicUrl: `http://localhost:${port}` });
  forum = await startForumStub(FORUM_SECRET);
  server = await startProductServer({
    port,
    env: {
      OIDC_ISSUER_URL: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      // Logging out ends the provider's session too (its own sign-out page), or the next login would pass straight through.
      OIDC_LOGOUT_URL: `${idp.issuer}/session/end`,
      DISCOURSE_SECRET: FORUM_SECRET,
      DISCOURSE_URL: forum.url,
      ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS),
    },
  });
  api = await apiRequest.newContext({ baseURL: server.url });
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await api?.dispose();
  await server?.stop();
  await forum?.close();
  await idp?.close();
});

let people = 0;
/** Someone the provider knows, with a verified address. */
const providerPerson = (name: string): IdpAccount => {
  people += 1;
  const who: IdpAccount = {
    sub: `browser-${people}-${Date.now().toString(36)}`,
    email: uniqueEmail(`sso${people}`),
    email_verified: true,
    name,
  };
  running().idp.accounts.set(who.sub, who);
  return who;
};

/** The provider's own development pages: sign in (any password does), then allow the portal. */
const signInAtProvider = async (page: Page, who: IdpAccount) => {
  const { idp } = running();
  await expect(page).toHaveURL((url) => url.origin === idp.issuer && url.pathname.startsWith('/interaction/'));
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-in' })).toBeVisible();
  await page.getByPlaceholder('Enter any login').fill(who.sub);
  await page.getByPlaceholder('and password').fill('whatever-the-provider-accepts');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Authorize' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
};

/** Waits until `ms` have passed. */
const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, Math.max(0, ms)));

/** Waits until the server takes this access token for expired (its `exp` is in whole seconds). */
const waitPastExpiry = (token: string) => sleep(claimsOf(token).exp * 1000 - Date.now() + 1_100);

/** Holds `token` on the second server's site, as a signed-in browser does. */
const holdToken = async (page: Page, token: string) => {
  await page.goto(at('/terms'));
  await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
};

const pathOf = (req: Request): string => new URL(req.url()).pathname;

test.describe('with single sign-on, a forum and 10-second access tokens (a second product server)', () => {
  test('single sign-on: the login screen goes to the provider, its return signs in; the next visit finds the same account', async ({
    page,
  }) => {
    const who = providerPerson('Ada Lovelace');
    const returns: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'document' && req.url().startsWith(at('/login/keycloak'))) returns.push(req.url());
    });

    await page.goto(at('/login?after=%2Fdashboard%2Fuser'));
    await signInAtProvider(page, who);

    // Back with the provider's code and state; a new account accepts the terms first, then the project list.
    expect(returns).toHaveLength(1);
    const back = new URL(returns[0]!).searchParams;
    expect(back.get('code')).toBeTruthy();
    expect(back.get('state')).toBeTruthy();
    await expect(page).toHaveURL(at('/terms'));
    await page.getByRole('button', { name: 'Agree', exact: true }).click();
    await expect(page).toHaveURL(at('/dashboard'));
    await expect(page.getByRole('button', { name: 'Account menu for Ada Lovelace' })).toBeVisible();
    const firstToken = await storedToken(page);
    expect(firstToken).toBeTruthy();

    // The account is the provider's person, with its name and address.
    await page.goto(at('/dashboard/user'));
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    await expect(field(page, 'Name')).toHaveValue(who.name);
    await expect(field(page, 'Email')).toHaveValue(who.email);

    // The provider's return works once: coming back to it says sign-in did not complete.
    await page.goto(returns[0]!);
    await expect(page.getByRole('heading', { level: 1, name: 'Could not log you in' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Single sign-on did not complete.' })).toBeVisible();

    // Log out: OIDC_LOGOUT_URL takes the browser to the provider, which ends its own session too.
    await page.goto(at('/dashboard'));
    await page.getByRole('button', { name: 'Account menu for Ada Lovelace' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL((url) => url.href.startsWith(`${running().idp.issuer}/session/end`));
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign-out Success' })).toBeVisible();

    // Signed out here too (a signed-in visitor's /login would go to the dashboard, not to the provider).
    // The next visit signs in at the provider again and goes straight to `after`, as the same account.
    await page.goto(at('/login?after=%2Fdashboard%2Fuser'));
    await signInAtProvider(page, who);
    await expect(page).toHaveURL(at('/dashboard/user'));
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    await expect(field(page, 'Email')).toHaveValue(who.email);
    const secondToken = await storedToken(page);
    expect(secondToken).toBeTruthy();
    expect(secondToken).not.toBe(firstToken);
    expect(claimsOf(secondToken!).sub).toBe(claimsOf(firstToken!).sub);
    expect(returns).toHaveLength(3);
  });

  test('a real expired access token is refreshed once and the page loads; when the server refuses the refresh, the session ends', async ({
    page,
  }) => {
    const account = { name: 'Clock Watcher', email: uniqueEmail('expiry'), password: 'clock-watcher-password' };
    const first = await createValidatedAccount(running().api, account, running().server);
    const refreshes: { status: number; code: string | null }[] = [];
    const refused: { path: string; code: string; message: string }[] = [];
    page.on('response', async (res) => {
      if (!res.url().startsWith(at('/api/'))) return;
      const path = pathOf(res.request());
      if (path !== '/api/refresh' && res.status() !== 401) return;
      const body = (await res.json().catch(() => null)) as { code?: string; message?: string } | null;
      if (path === '/api/refresh') refreshes.push({ status: res.status(), code: body?.code ?? null });
      else refused.push({ path, code: body?.code ?? '', message: body?.message ?? '' });
    });

    await holdToken(page, first);
    await page.goto(at('/dashboard/user'));
    await expect(page.getByRole('button', { name: 'Account menu for Clock Watcher' })).toBeVisible();
    expect(refreshes).toHaveLength(0);

    // Off the site while the token runs out, so nothing refreshes it early.
    await page.goto('about:blank');
    await waitPastExpiry(first);
    await page.goto(at('/dashboard/user'));
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    await expect(field(page, 'Name')).toHaveValue(account.name);
    // The server's own 401 named the token; one refresh served every call that got it.
    await expect.poll(() => refreshes).toEqual([{ status: 204, code: null }]);
    await expect.poll(() => refused.map((answer) => answer.path)).toContain('/api/user');
    for (const answer of refused)
      expect(answer).toMatchObject({ code: 'AUTH.TOKEN_EXPIRED', message: 'Your access token has expired.' });
    const renewed = await storedToken(page);
    expect(renewed).toBeTruthy();
    expect(renewed).not.toBe(first);
    expect(claimsOf(renewed!)).toMatchObject({ sub: claimsOf(first).sub, sid: claimsOf(first).sid });

    // Someone replays the first token's refresh token (already used): the server ends the whole session.
    // Within 10 s of the refresh that traded it in, it would read as a lost race of concurrent refreshes
    // (409, nothing changes: issue 13), so the replay comes after that window.
    await page.waitForTimeout(10_500);
    const replay = await running().api.post('/api/refresh', { data: { refreshToken: claimsOf(first).refresh_token } });
    expect(replay.status()).toBe(401);
    expect(await replay.json()).toMatchObject({ code: 'SESSION.REFRESH_REFUSED' });

    // Once the renewed token runs out too, its refresh is refused: the session is over in the browser.
    await page.goto('about:blank');
    await waitPastExpiry(renewed!);
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await page.goto(at('/dashboard/user'));
    // With single sign-on configured the login screen goes on to the provider at once (so its 'session
    // ended' banner shows only without single sign-on: see session.pw.ts and account-journey.pw.ts).
    await expect(page).toHaveURL((url) => url.origin === running().idp.issuer && url.pathname.startsWith('/interaction/'));
    expect(visited).toContain(at('/login?after=%2Fdashboard%2Fuser&reason=sessionEnded'));
    await expect
      .poll(() => refreshes)
      .toEqual([
        { status: 204, code: null },
        // Refused (the replay above ended the session); its code is not what this journey is about.
        expect.objectContaining({ status: 401 }),
      ]);
    await page.goto(at('/terms'));
    expect(await storedToken(page)).toBeNull();
  });

  test('forum sign-on: the form signs in and the browser lands on the forum with a signed answer; signed in, it goes at once', async ({
    page,
  }) => {
    const { forum } = running();
    const account = { name: 'Forum Regular', email: uniqueEmail('forum'), password: 'forum-regular-password' };
    await createValidatedAccount(running().api, account, running().server);
    const asked: { body: Record<string, unknown>; authorization: string | null }[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url() === at('/api/discourse/auth')) {
        asked.push({
          body: req.postDataJSON() as Record<string, unknown>,
          authorization: req.headers()['authorization'] ?? null,
        });
      }
    });
    const arrived = forum.arrivals.length;

    // Signed out: the forum's signed request shows the form.
    const nonce = `nonce-${Date.now().toString(36)}`;
    await page.goto(at(`/login/discourse?${new URLSearchParams(forumRequest(FORUM_SECRET, nonce, forum.returnUrl)).toString()}`));
    await expect(page.getByRole('heading', { level: 1, name: 'Log in to the forum' })).toBeVisible();
    await fillLogin(page, account.email, account.password);
    await expect(page).toHaveURL((url) => url.href.startsWith(`${forum.returnUrl}?`));
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to the forum' })).toBeVisible();

    expect(forum.arrivals).toHaveLength(arrived + 1);
    const back = forum.arrivals.at(-1)!;
    expect(back.signatureValid).toBe(true);
    expect(back.fields).toMatchObject({ nonce, email: account.email, name: account.name, require_activation: 'false' });
    expect(new URL(page.url()).searchParams.get('sig')).toBe(back.sig);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ body: { email: account.email, password: account.password }, authorization: null });

    // Signed in now: the next request from the forum completes without the form.
    const again = `nonce-${Date.now().toString(36)}-2`;
    await page.goto(at(`/login/discourse?${new URLSearchParams(forumRequest(FORUM_SECRET, again, forum.returnUrl)).toString()}`));
    await expect(page).toHaveURL((url) => url.href.startsWith(`${forum.returnUrl}?`));
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to the forum' })).toBeVisible();
    expect(forum.arrivals).toHaveLength(arrived + 2);
    expect(forum.arrivals.at(-1)).toMatchObject({
      signatureValid: true,
      fields: { nonce: again, email: account.email, external_id: back.fields['external_id'] },
    });
    expect(asked).toHaveLength(2);
    expect(asked[1]!.body).not.toHaveProperty('password');
    expect(asked[1]!.authorization).toMatch(/^Bearer \S+$/);
  });
});
