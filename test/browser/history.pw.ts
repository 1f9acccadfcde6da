import { expect, test } from '@playwright/test';
import { createProject } from './projects';
import { DESKTOP, auth, blockingViolations, makeOwner, prepare } from './stations';

/** Audit replay (issue 29): a project's administrator opens its history, moves to an earlier event, sees the older name and the diff. */

test("a project's administrator sees an earlier name and what the rename changed (en-US, desktop)", async ({ page, request }) => {
  const owner = await makeOwner(request, 'history-admin');
  const id = await createProject(request, owner, { name: 'Tide Gauges' });
  const renamed = await request.patch(`/api/projects/${id}`, {
    headers: auth(owner),
    data: { name: 'Tide Gauges East', version: 0 },
  });
  expect(renamed.status()).toBe(200);

  await page.setViewportSize(DESKTOP);
  await prepare(page, { owner });
  await page.goto(`/dashboard/projects/${id}`);
  const main = page.getByRole('main');
  await main.getByRole('link', { name: 'History', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/projects/${id}/history$`));
  await expect(main.getByRole('heading', { level: 1, name: 'Tide Gauges East: History' })).toBeVisible();
  await expect(main.getByRole('tab', { name: 'History', selected: true })).toBeVisible();

  // The latest event: the rename, and the state after it.
  const events = main.getByRole('list', { name: 'Events' });
  await expect(events.getByRole('button')).toHaveCount(2);
  await expect(events.getByRole('button', { name: /^1\. ProjectUpdated/ })).toHaveAttribute('aria-current', 'step');
  const diff = main.getByTestId('history-diff');
  await expect(diff.getByRole('row', { name: /details\.name/ })).toContainText('Tide Gauges');
  await expect(diff.getByRole('row', { name: /details\.name/ })).toContainText('Tide Gauges East');
  const state = main.getByTestId('history-state');
  await expect(state.getByRole('row', { name: /^details\.name/ })).toContainText('Tide Gauges East');

  // Move to the earlier event with the keyboard on the slider: the older name, and the creation's diff.
  const slider = main.getByRole('slider', { name: 'Event shown' });
  await slider.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(events.getByRole('button', { name: /^0\. ProjectCreated/ })).toHaveAttribute('aria-current', 'step');
  await expect(main.getByRole('heading', { name: 'State as of event 0' })).toBeVisible();
  await expect(state.getByRole('row', { name: /^details\.name/ })).toHaveText(/details\.nameTide Gauges$/);
  await expect(diff.getByRole('row', { name: /^details\.name/ })).toContainText('Tide Gauges');

  // And back by the list.
  await events.getByRole('button', { name: /^1\. ProjectUpdated/ }).click();
  await expect(state.getByRole('row', { name: /^details\.name/ })).toContainText('Tide Gauges East');
  expect(await blockingViolations(page, 'history')).toEqual([]);
});

test("an outsider is told there is no such history for someone else's project", async ({ page, request }) => {
  const owner = await makeOwner(request, 'history-owner');
  const outsider = await makeOwner(request, 'history-outsider');
  const id = await createProject(request, owner, { name: 'Private gauges', privacy: 0 });
  await page.setViewportSize(DESKTOP);
  await prepare(page, { owner: outsider });
  await page.goto(`/dashboard/projects/${id}/history`);
  await expect(page.getByRole('main')).toContainText('Nothing has happened here yet.');
  await expect(page.getByRole('main')).not.toContainText('Private gauges');
});
