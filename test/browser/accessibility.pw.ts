import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { TOKEN_KEY, createValidatedAccount, uniqueEmail } from './accounts';

type Checked = { name: string; path: string; signedIn?: boolean };

/** axe-core on every page of the web app so far, in both languages, at desktop and phone sizes. */
const pages = async (page: Page): Promise<Checked[]> => {
  const res = await page.request.get('/api/projects');
  const { projects } = (await res.json()) as { projects: { id: number }[] };
  return [
    { name: 'project list', path: '/dashboard' },
    { name: 'project page', path: `/dashboard/projects/${projects[0]!.id}` },
    { name: 'not found', path: '/no/such/page' },
    { name: 'login', path: '/login?after=%2Fdashboard%2Fuser' },
    { name: 'spoof login', path: '/spoof' },
    { name: 'create account', path: '/register' },
    { name: 'recover', path: '/recover' },
    { name: 'reset password', path: '/recover/complete?token=not-a-real-token' },
    { name: 'delete account, signed out', path: '/delete-account' },
    { name: 'terms', path: '/terms' },
    { name: 'undo an e-mail change', path: '/account/undo-email?token=not-a-real-token' },
    { name: 'resume link refused', path: '/login/not-a-real-token' },
    { name: 'profile', path: '/dashboard/user', signedIn: true },
    { name: 'delete account, signed in', path: '/delete-account', signedIn: true },
  ];
};

const blockingViolations = async (page: Page, name: string): Promise<string[]> => {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

for (const locale of ['en-US', 'es-ES']) {
  for (const viewport of [
    { label: 'desktop', width: 1280, height: 800 },
    { label: 'phone', width: 390, height: 844 },
  ]) {
    test(`has no serious or critical accessibility violations (${locale}, ${viewport.label})`, async ({ page }) => {
      // Thirteen pages, one with a map (WebGL in software here), each analysed by axe: more than the default 90 s on a busy machine.
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      await page.addInitScript((l) => window.localStorage.setItem('locale', l), locale);
      const token = await createValidatedAccount(page.request, {
        name: 'Axe Checker',
        email: uniqueEmail('axe'),
        password: 'accessible-password-1',
      });
      const found: string[] = [];
      for (const { name, path, signedIn } of await pages(page)) {
        if (signedIn) await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
        await page.goto(path);
        await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        found.push(...(await blockingViolations(page, name)));
      }
      // The signed-in header's account menu, open.
      await page.getByRole('button', { name: /Account menu|Menú de la cuenta/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      // The menu grows and fades in: axe reads contrast through the opacity of a transition still running
      // (CI saw 'My account' fail contrast on a menu drawn in full a moment later).
      await page.waitForFunction(() => {
        const paper = document.querySelector('[role="menu"]')?.closest('.MuiPaper-root');
        return !!paper && paper.getAnimations().length === 0 && getComputedStyle(paper).opacity === '1';
      });
      found.push(...(await blockingViolations(page, 'account menu')));
      expect(found).toEqual([]);
    });
  }
}
