import { expect, test, type Page } from '@playwright/test';
import { TOKEN_KEY, createValidatedAccount, storedToken, uniqueEmail } from './accounts';

/**
 * The session against the suite's server, with the server's own answers only. Expiry, refresh (and a
 * refused one), single sign-on and the forum's sign-on need a server configured for them: sso.pw.ts.
 */

const signInAs = async (page: Page, token: string) => {
  await page.goto('/terms');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
};

test.describe('session', () => {
  test('a session the server ended (signed out elsewhere) is not refreshed, and a secured page asks to log in again', async ({
    page,
    request,
  }) => {
    const token = await createValidatedAccount(request, {
      name: 'Ended Person',
      email: uniqueEmail('ended'),
      password: 'ended-password-123',
    });
    await signInAs(page, token);
    await page.goto('/dashboard/user');
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();

    // Another device logs this session out: the token has not expired, but the server no longer takes it.
    const logout = await request.post('/api/logout', { headers: { Authorization: `Bearer ${token}` } });
    expect(logout.status(), await logout.text()).toBe(200);
    const refreshes: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/refresh') refreshes.push(req.url());
    });
    const refused = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/user' && res.status() === 401);

    await page.reload();
    expect(await (await refused).json()).toMatchObject({
      code: 'AUTH.SESSION_ENDED',
      message: 'Your session has ended. Please log in again.',
    });
    await expect(page).toHaveURL(/\/login\?after=%2Fdashboard%2Fuser&reason=sessionEnded$/);
    await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
    expect(await storedToken(page)).toBeNull();
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    // Its 401 does not name the token: nothing to refresh.
    expect(refreshes).toEqual([]);
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
