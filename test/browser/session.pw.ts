import { expect, test, type Page } from '@playwright/test';
import { TOKEN_KEY, createValidatedAccount, field, uniqueEmail } from './accounts';

/** What the API answers for an access token past its time (spec §8: a 401 whose message mentions the token). */
const EXPIRED = { code: 'AUTH.TOKEN_EXPIRED', message: 'Your access token has expired.' };

const storedToken = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY);

const signInAs = async (page: Page, token: string) => {
  await page.goto('/terms');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
};

test.describe('session', () => {
  test('an expired access token is refreshed once for all waiting calls, which are then retried', async ({ page, request }) => {
    const token = await createValidatedAccount(request, {
      name: 'Refreshing Person',
      email: uniqueEmail('refresh'),
      password: 'refreshing-password-1',
    });
    await signInAs(page, token);

    // The first call to each of these answers 'expired', as the server does once the token's time is up.
    const answeredExpired = new Set<string>();
    await page.route(/\/api\/(user|projects)$/, async (route) => {
      const path = new URL(route.request().url()).pathname;
      if (answeredExpired.has(path)) return route.continue();
      answeredExpired.add(path);
      return route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify(EXPIRED) });
    });
    let refreshes = 0;
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/refresh') refreshes += 1;
    });

    await page.goto('/dashboard/user');
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu for Refreshing Person' })).toBeVisible();
    // The sidebar's projects came through too.
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /Hudson River/ }),
    ).toBeVisible();
    expect([...answeredExpired].sort()).toEqual(['/api/projects', '/api/user']);
    expect(refreshes).toBe(1);
    const renewed = await storedToken(page);
    expect(renewed).toBeTruthy();
    expect(renewed).not.toBe(token);

    // The renewed session works on the server: a reload signs in with it, without another refresh.
    await page.unroute(/\/api\/(user|projects)$/);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    expect(refreshes).toBe(1);
  });

  test('a refused refresh ends the session, and a secured page asks to log in again', async ({ page, request }) => {
    const token = await createValidatedAccount(request, {
      name: 'Expired Person',
      email: uniqueEmail('expired'),
      password: 'expired-password-12',
    });
    await signInAs(page, token);
    await page.route(/\/api\/user$/, (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify(EXPIRED) }),
    );
    await page.route(/\/api\/refresh$/, (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 'SESSION.REFRESH_REFUSED',
          message: 'Your refresh token is not valid. Please log in again.',
        }),
      }),
    );

    await page.goto('/dashboard/user');
    await expect(page).toHaveURL(/\/login\?after=%2Fdashboard%2Fuser&reason=sessionEnded$/);
    await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
    expect(await storedToken(page)).toBeNull();
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  });

  test('signing out in one tab signs out the other', async ({ page, context, request }) => {
    const token = await createValidatedAccount(request, {
      name: 'Two Tabs',
      email: uniqueEmail('tabs'),
      password: 'two-tabs-password-1',
    });
    await signInAs(page, token);
    await page.goto('/dashboard/user');
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();

    const other = await context.newPage();
    await other.goto('/dashboard');
    await other.getByRole('button', { name: 'Account menu for Two Tabs' }).click();
    await other.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(other).toHaveURL(/\/login$/);

    // The first tab follows: its secured page gives way to the login screen.
    await expect(page).toHaveURL(/\/login\?after=%2Fdashboard%2Fuser$/);
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  });

  test('single sign-on: the login screen goes to the provider, and its return signs in and goes to after', async ({
    page,
    request,
  }) => {
    // The provider is played by routes: its login page sends straight back to /login/keycloak.
    const token = await createValidatedAccount(request, {
      name: 'Sso Person',
      email: uniqueEmail('sso'),
      password: 'sso-password-123',
    });
    const asked: { after: string | null; auth: URLSearchParams | null } = { after: null, auth: null };
    await page.route(/\/api\/oidc\/url(\?.*)?$/, (route) => {
      asked.after = new URL(route.request().url()).searchParams.get('after');
      return route.fulfill({ json: { location: '/login/keycloak?state=st-1&session_state=ss-1&code=co-1' } });
    });
    await page.route(/\/api\/oidc\/auth\?/, (route) => {
      asked.auth = new URL(route.request().url()).searchParams;
      return route.fulfill({
        status: 200,
        headers: { Authorization: `Bearer ${token}` },
        contentType: 'application/json',
        body: JSON.stringify({ after: asked.after }),
      });
    });

    await page.goto('/login?after=%2Fdashboard%2Fuser');
    await expect(page).toHaveURL(/\/dashboard\/user$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    expect(asked.after).toBe('/dashboard/user');
    expect(Object.fromEntries(asked.auth ?? [])).toEqual({ state: 'st-1', session_state: 'ss-1', code: 'co-1' });
    expect(await storedToken(page)).toBe(token);

    // A refused return says so, with the way back to the login screen.
    await page.route(/\/api\/oidc\/auth\?/, (route) =>
      route.fulfill({
        status: 400,
        json: { code: 'SSO.UNKNOWN_STATE', message: 'Single sign-on did not complete. Please try again.' },
      }),
    );
    await page.goto('/login/keycloak?state=used&code=again');
    await expect(page.getByRole('heading', { level: 1, name: 'Could not log you in' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Single sign-on did not complete.' })).toBeVisible();
  });

  test('forum sign-on: the form signs in and returns to the forum; with a session it returns at once', async ({
    page,
    request,
  }) => {
    const account = { name: 'Forum Person', email: uniqueEmail('forum'), password: 'forum-password-12' };
    const token = await createValidatedAccount(request, account);
    const sent: Record<string, unknown>[] = [];
    await page.route(/\/api\/discourse\/auth$/, (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown>;
      sent.push({ ...body, authorization: route.request().headers()['authorization'] ?? null });
      // The forum's return address, played by a page of this site.
      return route.fulfill({
        status: 200,
        headers: body['email'] ? { Authorization: `Bearer ${token}` } : {},
        json: { location: '/dashboard?from=forum' },
      });
    });
    const sig = 'a'.repeat(64);

    await page.goto(`/login/discourse?sso=payload-1&sig=${sig}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Log in to the forum' })).toBeVisible();
    await field(page, 'Email').fill(account.email);
    await field(page, 'Password').fill(account.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\?from=forum$/);
    expect(sent[0]).toEqual({ sso: 'payload-1', sig, email: account.email, password: account.password, authorization: null });

    // Signed in now: the next forum visit completes without the form.
    await page.goto(`/login/discourse?sso=payload-2&sig=${sig}`);
    await expect(page).toHaveURL(/\/dashboard\?from=forum$/);
    expect(sent[1]).toEqual({ sso: 'payload-2', sig, authorization: `Bearer ${token}` });
  });
});
