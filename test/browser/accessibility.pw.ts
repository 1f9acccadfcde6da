import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** axe-core on every page of the web app so far, in both languages, at desktop and phone sizes. */
const pages = async (page: Page): Promise<{ name: string; path: string }[]> => {
  const res = await page.request.get('/api/projects');
  const { projects } = (await res.json()) as { projects: { id: number }[] };
  return [
    { name: 'project list', path: '/dashboard' },
    { name: 'project page', path: `/dashboard/projects/${projects[0]!.id}` },
    { name: 'not found', path: '/no/such/page' },
  ];
};

for (const locale of ['en-US', 'es-ES']) {
  for (const viewport of [
    { label: 'desktop', width: 1280, height: 800 },
    { label: 'phone', width: 390, height: 844 },
  ]) {
    test(`has no serious or critical accessibility violations (${locale}, ${viewport.label})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript((l) => window.localStorage.setItem('locale', l), locale);
      for (const { name, path } of await pages(page)) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(
          blocking.map((v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        ).toEqual([]);
      }
    });
  }
}
