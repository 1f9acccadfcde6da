import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect as baseExpect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { createProject, demoAdmin, joinProject } from './projects';
import {
  DESKTOP,
  auth,
  blockingViolations,
  keepScreenshot,
  makeOwner,
  prepare,
  seededStation,
  snackbar,
  type Owner,
} from './stations';

/**
 * Discussions (spec §2 Comments and data events, Notifications; §4 Comment, Notifications, Posts type
 * toggle; §5 editor rules): comments and their live notifications between two browsers, data events
 * on the explore charts, and a report walked to a moderator's delete.
 */

// The machine these run on is shared: a first page load may take a while.
const expect = baseExpect.configure({ timeout: 30_000 });

const signedInPage = async (browser: Browser, owner: Owner, locale: string): Promise<Page> => {
  const context = await browser.newContext({ locale, viewport: DESKTOP });
  const page = await context.newPage();
  await prepare(page, { owner, locale });
  return page;
};

// A fresh server seeds its demo data first; accounts made meanwhile wait long for their mail.
test.beforeAll(async ({ request }) => {
  test.setTimeout(150_000);
  await seededStation(request, 'Hudson at Kingston');
});

/** The discussion's editor (the first is the new comment's). */
const editor = (page: Page, name: string | RegExp) => page.getByRole('combobox', { name });

for (const { locale, newComment, badge, mentioned, typeName } of [
  {
    locale: 'en-US',
    newComment: 'New comment',
    badge: (n: number) => (n === 0 ? 'Notifications, none unread' : `Notifications, ${n} unread`),
    mentioned: /mentioned you/,
    typeName: 'People to mention',
  },
  {
    locale: 'es-ES',
    newComment: 'Nuevo comentario',
    badge: (n: number) => (n === 0 ? 'Notificaciones, ninguna sin leer' : `Notificaciones, ${n} sin leer`),
    mentioned: /le mencionó/,
    typeName: 'Personas a mencionar',
  },
]) {
  test(`one user mentions another, whose badge changes live without reloading (${locale})`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const ana = await makeOwner(request, `ana-${locale.toLowerCase()}`);
    const ben = await makeOwner(request, `ben-${locale.toLowerCase()}`);
    const projectId = await createProject(request, ana, { name: `Mentions ${locale}`, privacy: 0 });
    await joinProject(request, ana, projectId, ben);

    const benPage = await signedInPage(browser, ben, locale);
    await benPage.goto('/dashboard');
    const benBadge = benPage.getByTestId('notification-badge');
    await expect(benBadge).toHaveAttribute('aria-label', badge(0));
    let benLoads = 0;
    benPage.on('load', () => (benLoads += 1));

    const anaPage = await signedInPage(browser, ana, locale);
    await anaPage.goto(`/dashboard/projects/${projectId}`);
    const box = editor(anaPage, newComment);
    await box.click();
    await box.pressSequentially('Look here @');
    // An empty query searches nobody (spec §5): no list of people yet.
    await expect(anaPage.getByRole('listbox', { name: typeName })).toHaveCount(0);
    await box.pressSequentially(ben.name.split(' ').at(-1)!.slice(0, 6));
    const option = anaPage.getByRole('option', { name: ben.name, exact: true });
    await expect(option).toBeVisible();
    await anaPage.keyboard.press('Enter'); // picks the person
    await anaPage.keyboard.press('Enter'); // saves the comment
    const posted = anaPage.getByTestId('comment').first();
    await expect(posted).toContainText(`@${ben.name}`);
    // Stored as the user's id, not as text.
    await expect(posted.locator(`[data-mention]`)).toHaveAttribute('data-mention', /^\d+$/);

    // Ben's badge changes on its own: no reload.
    await expect(benBadge).toHaveAttribute('aria-label', badge(1), { timeout: 15_000 });
    expect(benLoads).toBe(0);

    // The list says who mentioned him; a click goes to the comment, highlighted.
    await benBadge.click();
    const item = benPage.getByTestId('notification-item').first();
    await expect(item).toContainText(ana.name);
    await expect(item).toContainText(mentioned);
    await item.click();
    await expect(benPage).toHaveURL(new RegExp(`/dashboard/projects/${projectId}#comment-id-\\d+$`));
    await expect(benPage.locator('[data-testid="comment"][data-highlighted="true"]')).toContainText(`@${ben.name}`);
    await expect(benBadge).toHaveAttribute('aria-label', badge(0));
    expect(await blockingViolations(benPage, `discussion ${locale}`)).toEqual([]);

    if (locale === 'en-US') {
      // The notifications page: every one, by kind, read or not.
      await benPage.goto('/notifications');
      await expect(benPage.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
      const rows = benPage.getByTestId('notification-row');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(mentioned);
      await benPage.getByRole('button', { name: 'Comments', exact: true }).click();
      await expect(benPage.getByText('No comment notifications')).toBeVisible();
      await benPage.getByRole('button', { name: 'Mentions', exact: true }).click();
      await expect(rows).toHaveCount(1);
      await benPage.getByRole('button', { name: 'Unread', exact: true }).click();
      await expect(benPage.getByText('No unread notifications')).toBeVisible();
      expect(await blockingViolations(benPage, 'notifications page')).toEqual([]);
    }
    await benPage.context().close();
    await anaPage.context().close();
  });
}

test('a comment journey: post, reply, edit, delete a thread with replies (placeholder), a link highlights 5 s (en-US)', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const ana = await makeOwner(request, 'journey-ana');
  const ben = await makeOwner(request, 'journey-ben');
  const projectId = await createProject(request, ana, { name: 'Comment journey', privacy: 1 });
  await joinProject(request, ana, projectId, ben);
  const page = await signedInPage(browser, ana, 'en-US');
  await page.goto(`/dashboard/projects/${projectId}`);
  await expect(page.getByText('No comments yet. Start the conversation.')).toBeVisible();

  // An empty entry is not saved.
  const box = editor(page, 'New comment');
  await box.click();
  await page.keyboard.press('Enter');
  await expect(page.getByText("There's nothing to save.")).toBeVisible();
  await expect(page.getByTestId('comment')).toHaveCount(0);

  // Shift-Enter adds a line; Enter saves.
  await box.pressSequentially('First line');
  await page.keyboard.press('Shift+Enter');
  await box.pressSequentially('second line');
  await page.keyboard.press('Enter');
  const thread = page.getByTestId('comment').first();
  await expect(thread).toContainText('First line');
  await expect(thread.locator('br')).toHaveCount(1);
  await expect(box).toHaveText('');

  // A reply (one level).
  await thread.getByRole('button', { name: 'Reply', exact: true }).click();
  const replyBox = editor(page, /^Reply to /);
  await replyBox.pressSequentially('A reply');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Replies' }).getByTestId('comment')).toContainText('A reply');

  // Edit by the author: "edited" shows.
  await thread.getByRole('button', { name: 'Edit', exact: true }).first().click();
  const editBox = editor(page, 'Edit your comment');
  await editBox.press('End');
  await editBox.pressSequentially(' (changed)');
  await page.keyboard.press('Enter');
  await expect(thread.getByTestId('comment-edited').first()).toBeVisible();
  await expect(thread).toContainText('second line (changed)');

  // Delete with confirmation; the thread keeps its reply under a placeholder.
  await thread.getByRole('button', { name: 'Delete', exact: true }).first().click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this comment?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(thread).toContainText('First line');
  await thread.getByRole('button', { name: 'Delete', exact: true }).first().click();
  await dialog.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByText('This comment was deleted.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Replies' })).toContainText('A reply');

  // Another reader follows a link to the reply: scrolled into view and highlighted 5 s.
  const { posts } = (await (await request.get(`/api/discussion/projects/${projectId}`, { headers: auth(ben) })).json()) as {
    posts: { replies: { id: number }[] }[];
  };
  const replyId = posts[0]!.replies[0]!.id;
  const benPage = await signedInPage(browser, ben, 'en-US');
  await benPage.goto(`/dashboard/projects/${projectId}#comment-id-${replyId}`);
  const linked = benPage.locator(`#comment-id-${replyId}`);
  await expect(linked).toHaveAttribute('data-highlighted', 'true');
  await expect(linked).toBeInViewport();
  // Not the author: no edit or delete, a report instead.
  await expect(linked.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(linked.getByRole('button', { name: 'Report', exact: true })).toBeVisible();
  await expect(linked).not.toHaveAttribute('data-highlighted', 'true', { timeout: 7_000 });
  await benPage.context().close();
  await page.context().close();
});

/** The demo station's explore workspace, its chart drawn, for the demo site admin. */
const workspaceAsAdmin = async (browser: Browser, request: APIRequestContext): Promise<Page> => {
  const admin = await demoAdmin(request);
  const { station, projectId } = await seededStation(request, 'Hudson at Kingston');
  const page = await signedInPage(browser, admin, 'en-US');
  const bookmark = { v: 1, g: [], s: [station.id], p: [projectId], c: { project: projectId, map: false } };
  await page.goto(`/dashboard/explore?bookmark=${encodeURIComponent(JSON.stringify(bookmark))}`);
  await expect(page).toHaveURL(/\/viz\?v=/, { timeout: 30_000 });
  await expect(page.locator('[data-testid="explore-chart"][data-state="drawn"]').first()).toBeVisible({ timeout: 30_000 });
  return page;
};

/** The posts toggle set to a data event: its form. */
const newEventForm = async (page: Page) => {
  await page.getByRole('group', { name: 'Post a comment or a data event' }).getByRole('button', { name: 'Data event' }).click();
  return page.getByRole('form', { name: 'New data event' });
};

test('a data event journey: posted from the workspace, listed beside the comments, drawn on the chart, linked by #event-id (en-US)', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const page = await workspaceAsAdmin(browser, request);

  // The posts toggle is there for a site admin, with no group empty.
  const form = await newEventForm(page);
  await form.getByRole('button', { name: 'Save event' }).click();
  await expect(form.getByText('Required.')).toBeVisible();
  const title = `Sensor cleaned ${Date.now().toString(36)}`;
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('Algae removed from the probe.');
  await form.getByRole('button', { name: 'Save event' }).click();

  const listed = page.getByRole('list', { name: 'Data events' }).getByTestId('data-event').filter({ hasText: title });
  await expect(listed).toBeVisible();
  await expect(listed).toContainText('Algae removed from the probe.');
  // Drawn on the chart of the sensor, with its title, as a link to it.
  const onChart = page.getByTestId('chart-data-events').getByRole('link', { name: title });
  await expect(onChart).toBeVisible();
  await keepScreenshot(page, testInfo, 'data-event-on-chart');
  await onChart.click();
  await expect(page).toHaveURL(/#event-id-\d+$/);
  await expect(listed).toHaveAttribute('data-highlighted', 'true');

  // Deleted by its author (confirmed): gone from the list and the chart.
  await listed.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('alertdialog', { name: 'Delete this data event?' }).getByRole('button', { name: 'Yes, delete' }).click();
  await expect(listed).toHaveCount(0);
  await expect(page.getByTestId('chart-data-events').getByRole('link', { name: title })).toHaveCount(0);
  await page.context().close();
});

test('a data event edited in place by keyboard: errors beside the field, then its band moves on the chart (en-US)', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const page = await workspaceAsAdmin(browser, request);
  const form = await newEventForm(page);
  const title = `Probe moved ${Date.now().toString(36)}`;
  await form.getByLabel('Title').fill(title);
  // The new event spans the chart's window; its edit will keep its second half only.
  const windowStart = await form.getByLabel('Start').inputValue();
  const windowEnd = await form.getByLabel('End').inputValue();
  await form.getByRole('button', { name: 'Save event' }).click();

  const listed = page.getByRole('list', { name: 'Data events' }).getByTestId('data-event').filter({ hasText: title });
  await expect(listed).toBeVisible();
  const eventId = (await listed.getAttribute('id'))!.replace('event-id-', '');
  // By its anchor from here: while edited, the item shows a form, not its title.
  const item = page.locator(`#event-id-${eventId}`);
  const band = page.locator(`[data-testid="chart-data-events"] [data-event-id="${eventId}"] > [aria-hidden="true"]`).first();
  await expect(band).toBeVisible();
  const before = (await band.boundingBox())!;

  // Edit opens the form in place, the title focused; no confirmation is asked.
  const edit = item.getByRole('button', { name: `Edit: ${title}`, exact: true });
  await edit.focus();
  await page.keyboard.press('Enter');
  const editForm = item.getByRole('form', { name: 'Edit data event' });
  const titleField = editForm.getByLabel('Title');
  await expect(titleField).toBeFocused();
  await expect(titleField).toHaveValue(title);
  await expect(editForm.getByRole('radio', { name: 'As it is: 1 sensor', exact: true })).toBeChecked();
  expect(await blockingViolations(page, 'data event edit form')).toEqual([]);

  // An end before the start: said beside the end, nothing saved.
  await editForm.getByLabel('End').fill('2000-01-01T00:00');
  await titleField.focus();
  await page.keyboard.press('Enter');
  const endField = editForm.getByRole('textbox', { name: 'End' });
  await expect(editForm.getByText('The end cannot be before the start.')).toBeVisible();
  await expect(endField).toHaveAttribute('aria-invalid', 'true');

  // The second half of the window: the band starts further right and is narrower.
  const half = new Date((new Date(windowStart).getTime() + new Date(windowEnd).getTime()) / 2);
  const pad = (n: number) => String(n).padStart(2, '0');
  const halfValue = `${half.getFullYear()}-${pad(half.getMonth() + 1)}-${pad(half.getDate())}T${pad(half.getHours())}:${pad(half.getMinutes())}`;
  await editForm.getByLabel('Start').fill(halfValue);
  await editForm.getByLabel('End').fill(windowEnd);
  // A workspace's event: its scope may be the charts' sensors, not the whole project's (that is the API suite's).
  await expect(editForm.getByRole('radio', { name: "All the project's sensors", exact: true })).toHaveCount(0);
  await titleField.fill(`${title} (moved)`);
  await titleField.press('Enter');
  await expect(snackbar(page)).toContainText('Event updated.');
  await expect(editForm).toHaveCount(0);
  // Back on the event's Edit button, where the keyboard left.
  await expect(item.getByRole('button', { name: `Edit: ${title} (moved)`, exact: true })).toBeFocused();
  await expect(page.getByTestId('chart-data-events').getByRole('link', { name: `${title} (moved)` })).toBeVisible();
  await expect
    .poll(async () => {
      const after = (await band.boundingBox())!;
      return after.x > before.x + before.width / 4 && after.width < before.width * 0.75;
    })
    .toBe(true);
  await keepScreenshot(page, testInfo, 'data-event-edited');

  // Escape leaves an edit unsaved.
  await item.getByRole('button', { name: `Edit: ${title} (moved)`, exact: true }).click();
  await editForm.getByLabel('Title').fill('never saved');
  await page.keyboard.press('Escape');
  await expect(editForm).toHaveCount(0);
  await expect(item).toContainText(`${title} (moved)`);
  await page.context().close();
});

test('the @ list is a combobox the keyboard drives: arrows move the active person, Enter picks (en-US)', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const ana = await makeOwner(request, `kb-ana-${stamp}`);
  const x = await makeOwner(request, `kb${stamp}x`);
  const y = await makeOwner(request, `kb${stamp}y`);
  const projectId = await createProject(request, ana, { name: `Keyboard mentions ${stamp}`, privacy: 0 });
  await joinProject(request, ana, projectId, x);
  await joinProject(request, ana, projectId, y);
  const page = await signedInPage(browser, ana, 'en-US');
  await page.goto(`/dashboard/projects/${projectId}`);
  const box = editor(page, 'New comment');
  await box.click();
  // Closed: a combobox that says so and points at nothing.
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(box).toHaveAttribute('aria-autocomplete', 'list');
  await expect(box).not.toHaveAttribute('aria-activedescendant', /.+/);

  await box.pressSequentially(`Ask @kb${stamp}`);
  const list = page.getByRole('listbox', { name: 'People to mention' });
  const options = list.getByRole('option');
  await expect(options).toHaveCount(2);
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(box).toHaveAttribute('aria-controls', (await list.getAttribute('id'))!);
  const ids = await options.evaluateAll((els) => els.map((e) => e.id));
  expect(ids.every((id) => id !== '')).toBe(true);
  await expect(box).toHaveAttribute('aria-activedescendant', ids[0]!);
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  // The caret stays in the text while the list is open.
  await expect(box).toBeFocused();
  expect(await blockingViolations(page, 'mention list open')).toEqual([]);

  await page.keyboard.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', ids[1]!);
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'false');
  const chosen = (await options.nth(1).textContent())!;
  await page.keyboard.press('ArrowDown'); // past the last: back to the first
  await expect(box).toHaveAttribute('aria-activedescendant', ids[0]!);
  await page.keyboard.press('ArrowUp');
  await expect(box).toHaveAttribute('aria-activedescendant', ids[1]!);
  await page.keyboard.press('Enter'); // picks the active person
  await expect(list).toHaveCount(0);
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(box).not.toHaveAttribute('aria-activedescendant', /.+/);
  await expect(box).not.toHaveAttribute('aria-controls', /.+/);
  await page.keyboard.press('Enter'); // saves the comment
  await expect(page.getByTestId('comment').first()).toContainText(`@${chosen}`);
  await page.context().close();
});

const run = promisify(execFile);

/** Gives a site role with the product's own tool (npm run roles), against the suite's running server. */
const grantRole = async (email: string, role: '+moderator' | '+admin') => {
  const { stdout } = await run('node', ['apps/api/dist/roles.js', email, role], {
    env: {
      ...process.env,
      DATA_DIR: process.env['GT_PW_DATA_DIR']!,
      EMBEDDED_PG_PORT: process.env['GT_PW_PG_PORT'] ?? '54391',
      LOG_LEVEL: 'warn',
    },
  });
  expect(stdout).toContain('moderator true');
};

test('a report walked through to a moderator’s delete: reported in the page, the moderator’s calls, the post gone for readers (en-US)', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const ana = await makeOwner(request, 'report-ana');
  const ben = await makeOwner(request, 'report-ben');
  const mo = await makeOwner(request, 'report-mo');
  await grantRole(mo.email, '+moderator');
  const projectId = await createProject(request, ana, { name: 'Reports', privacy: 1 });
  const text = `Buy cheap watches ${Date.now().toString(36)}`;
  const posted = await request.post('/api/discussion', { headers: auth(ana), data: { post: { projectId, body: text } } });
  expect(posted.status(), await posted.text()).toBe(201);
  const postId = ((await posted.json()) as { post: { id: number } }).post.id;

  // Ben reports it from the page; he can take the report back, and report again.
  const page = await signedInPage(browser, ben, 'en-US');
  await page.goto(`/dashboard/projects/${projectId}`);
  const comment = page.locator(`#comment-id-${postId}`);
  await expect(comment).toContainText(text);
  await expect(comment.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await comment.getByRole('button', { name: 'Report', exact: true }).click();
  await expect(snackbar(page)).toContainText('Thank you. The post was reported to the moderators.');
  await comment.getByRole('button', { name: 'Cancel report' }).click();
  await expect(snackbar(page)).toContainText('Your report was cancelled.');
  await comment.getByRole('button', { name: 'Report', exact: true }).click();
  await expect(comment.getByRole('button', { name: 'Cancel report' })).toBeVisible();

  // The moderator's side, through its calls (the console's screen is another issue's).
  const queue = await request.get('/api/moderation/requests?page=0&pageSize=10', { headers: auth(mo) });
  expect(queue.status(), await queue.text()).toBe(200);
  const { requests } = (await queue.json()) as { requests: { id: number; postId: number; acknowledgedAt: string | null }[] };
  const open = requests.find((r) => r.postId === postId && r.acknowledgedAt === null);
  expect(open).toBeDefined();
  const content = await request.get(`/api/moderation/content/discussion_post/${postId}`, { headers: auth(mo) });
  expect(await content.text()).toContain('Buy cheap watches');
  // Not a moderator: refused.
  const refused = await request.post(`/api/moderation/requests/${open!.id}/acknowledge?action=delete`, { headers: auth(ben) });
  expect(refused.status()).toBe(403);
  const acknowledged = await request.post(`/api/moderation/requests/${open!.id}/acknowledge?action=delete`, {
    headers: auth(mo),
  });
  expect(acknowledged.status(), await acknowledged.text()).toBeLessThan(300);

  // The reader's page no longer shows it.
  await page.reload();
  await expect(page.getByText(text)).toHaveCount(0);
  await page.context().close();
});
