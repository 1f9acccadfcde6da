import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';

/** Projects the demo seeder creates on a fresh data folder (all public). */
const SEEDED = ['Hudson River Water Quality', 'Jamaica Bay Flood Watch', 'Rio Grande Weather Network'] as const;
const NOT_FOUND_TEXT = "The page you are looking for doesn't exist or has been moved.";

type ProjectSummary = { id: number; name: string; description: string };

/** Opens the dashboard, reloading until the seeded projects are listed (the seeder may still be projecting). */
const openDashboard = async (page: Page): Promise<void> => {
  await expect(async () => {
    await page.goto('/dashboard');
    const main = page.getByRole('main');
    for (const name of SEEDED) {
      await expect(main.getByRole('heading', { level: 2, name })).toBeVisible({ timeout: 3_000 });
    }
  }).toPass({ timeout: 90_000, intervals: [1_000, 2_000, 5_000] });
};

test.describe('dashboard', () => {
  test('lists the seeded projects and opens one', async ({ page, request }) => {
    await openDashboard(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await expect(page).toHaveTitle('Projects - Groundtruth');

    const response = await request.get('/api/projects');
    expect(response.ok()).toBe(true);
    const { projects } = (await response.json()) as { projects: ProjectSummary[] };
    const hudson = projects.find((project) => project.name === SEEDED[0]);
    if (!hudson) throw new Error(`${SEEDED[0]} is not in GET /api/projects`);

    await page.getByRole('main').getByRole('link', { name: SEEDED[0] }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/projects/${hudson.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: SEEDED[0] })).toBeVisible();
    await expect(page.getByRole('main').getByText(hudson.description, { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(`${SEEDED[0]} - Groundtruth`);
  });

  test('switches the language to Español and remembers it', async ({ page }) => {
    await openDashboard(page);
    await page.getByRole('combobox', { name: /Language/ }).click();
    await page.getByRole('option', { name: 'Español' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Proyectos' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
    await expect(page).toHaveTitle('Proyectos - Groundtruth');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Proyectos' })).toBeVisible();
  });

  test('shows the not-found page for an unknown path, with a way back', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
    await expect(page).toHaveTitle('Page not found - Groundtruth');

    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  });

  test('shows the not-found page for a project id that is not a number', async ({ page }) => {
    await page.goto('/dashboard/projects/not-a-number');
    await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
  });

  test('opens the sidebar from the menu button on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openDashboard(page);
    const menu = page.getByRole('button', { name: 'Navigation menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    await menu.click();
    const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(sidebar.getByRole('link', { name: SEEDED[1] })).toBeVisible();

    await sidebar.getByRole('link', { name: SEEDED[1] }).click();
    await expect(page.getByRole('heading', { level: 1, name: SEEDED[1] })).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  test('takes desktop and phone screenshots of the dashboard, showing every public project as a card', async ({
    page,
    request,
  }, testInfo) => {
    // What a visitor's list must show: every public project the API lists, in its order.
    const response = await request.get('/api/projects');
    expect(response.ok()).toBe(true);
    const { projects } = (await response.json()) as { projects: (ProjectSummary & { following: { total: number } })[] };
    expect(projects.map((p) => p.name)).toEqual(expect.arrayContaining([...SEEDED]));
    const followers = (n: number) => (n === 1 ? '1 follower' : `${n} followers`);

    const sizes = [
      ['desktop', { width: 1280, height: 800 }],
      ['phone', { width: 390, height: 844 }],
    ] as const;
    for (const [name, viewport] of sizes) {
      await page.setViewportSize(viewport);
      await openDashboard(page);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
      // One card per project: its name as a heading, its description and its follower count.
      const list = main.getByRole('list', { name: 'Projects' });
      const cards = list.getByRole('listitem');
      await expect(cards).toHaveCount(projects.length);
      await expect(list.getByRole('heading', { level: 2 })).toHaveText(projects.map((p) => p.name));
      for (const [index, project] of projects.entries()) {
        await expect(cards.nth(index)).toContainText(project.description);
        await expect(cards.nth(index)).toContainText(followers(project.following.total));
      }
      const boxes = await cards.evaluateAll((items) =>
        items.map((item) => {
          const r = item.getBoundingClientRect();
          return { x: Math.round(r.x), y: Math.round(r.y) };
        }),
      );
      // A visitor: the way to log in, in the header.
      await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
      const menu = page.getByRole('button', { name: 'Navigation menu' });
      const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
      if (name === 'desktop') {
        // Cards side by side in a grid, the sidebar open beside them listing the projects.
        expect(boxes[1]!.y).toBe(boxes[0]!.y);
        expect(boxes[1]!.x).toBeGreaterThan(boxes[0]!.x);
        for (const seeded of SEEDED) await expect(sidebar.getByRole('link', { name: seeded })).toBeVisible();
        await expect(sidebar).toContainText('Log in to see your stations.');
      } else {
        // One column, the sidebar closed behind the menu button, nothing wider than the screen.
        expect(new Set(boxes.map((b) => b.x)).size).toBe(1);
        expect(boxes.every((b, i) => i === 0 || b.y > boxes[i - 1]!.y)).toBe(true);
        await expect(menu).toBeVisible();
        await expect(menu).toHaveAttribute('aria-expanded', 'false');
        await expect(sidebar).toBeHidden();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      }
      await page.screenshot({ path: join(testInfo.project.outputDir, `dashboard-${name}.png`), fullPage: true });
    }
  });
});
