import { expect, test, type Page } from '@playwright/test';
import { TOKEN_KEY, createValidatedAccount, uniqueEmail } from './accounts';

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
});
