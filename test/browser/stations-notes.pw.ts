import { expect, test, type Page } from '@playwright/test';
import { tinyPng } from './accounts';
import {
  BASE,
  DESKTOP,
  FLOOD,
  PHONE,
  auth,
  blockingViolations,
  keepScreenshot,
  makeOwner,
  prepare,
  registeredStation,
  seededStation,
  snackbar,
} from './stations';

/** Spec §2 Station notes and field notes, and the project notes page; both languages and modes, desktop and phone. */

const typeNote = async (page: Page, editorName: string, text: string) => {
  const editor = page.getByRole('textbox', { name: editorName });
  await editor.click();
  await page.keyboard.type(text);
};

test('the owner writes the five notes with a photo, and field notes: add, edit, cancel, one at a time, delete (en-US, desktop)', async ({
  page,
  request,
}, testInfo) => {
  const owner = await makeOwner(request, 'notes');
  const stationId = await registeredStation(request, owner, 'Notes station');
  await page.setViewportSize(DESKTOP);
  await prepare(page, { owner });
  await page.goto(`/notes/${stationId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Notes of Notes station' })).toBeVisible();
  await expect(page).toHaveTitle('Notes of Notes station - Groundtruth');
  await expect(page.getByText('Notes 0% complete')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save notes' })).toBeDisabled();

  await page.getByRole('textbox', { name: 'Study Objective', exact: true }).fill('Learn when the creek runs dry.');
  await page.getByRole('textbox', { name: 'Custom Note', exact: true }).fill('Gate code from the farmer.');
  await page.getByRole('textbox', { name: 'Title of the custom note' }).fill('Access');
  await expect(page.getByRole('textbox', { name: 'Access', exact: true })).toHaveValue('Gate code from the farmer.');
  await expect(page.getByText('Notes 33% complete')).toBeVisible();
  const descriptionNote = page.getByRole('group', { name: 'Site Description' });
  await descriptionNote.getByRole('textbox', { name: 'Site Description' }).fill('Gravel bar under alders.');
  await descriptionNote.locator('input[type=file]').setInputFiles({ name: 'site.png', mimeType: 'image/png', buffer: tinyPng() });
  await expect(descriptionNote.getByRole('img', { name: 'Photo for Site Description' })).toBeVisible();
  await expect(page.getByText('Notes 67% complete')).toBeVisible();
  await page.getByRole('button', { name: 'Save notes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(snackbar(page)).toContainText('The notes were updated.');

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Study Objective', exact: true })).toHaveValue('Learn when the creek runs dry.');
  await expect(page.getByRole('group', { name: 'Access' })).toBeVisible();
  await expect(page.getByText('Notes 67% complete')).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Site Description' }).getByRole('img', { name: 'Photo for Site Description' }),
  ).toBeVisible();

  // Field notes: an empty one is refused.
  const newNote = page.getByRole('form', { name: 'New field note' });
  await newNote.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText("There's nothing to save.")).toBeVisible();
  await typeNote(page, 'Field note text', 'Water level below the marker.');
  await newNote.getByRole('button', { name: 'Add note' }).click();
  await expect(snackbar(page)).toContainText('The field note was added.');
  await typeNote(page, 'Field note text', 'Cleaned the probe.');
  await newNote.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByTestId('field-note')).toHaveCount(2);
  await expect(page.getByRole('heading', { level: 3, name: /\(2 notes\)$/ })).toBeVisible();

  // One edit at a time.
  const edits = page.getByRole('button', { name: /^Edit the note of/ });
  await edits.first().click();
  await edits.nth(1).click();
  await expect(snackbar(page)).toContainText('Please finish editing the current note first.');

  // A changed edit asks before it is cancelled; kept, then saved.
  await page.getByRole('textbox', { name: 'Edit field note text' }).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Again.');
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  const discard = page.getByRole('alertdialog', { name: 'Discard your changes?' });
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(snackbar(page)).toContainText('The field note was saved.');
  await expect(page.getByText('Cleaned the probe. Again.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export field notes (CSV)' })).toHaveAttribute(
    'download',
    'field-notes-Notes-station.csv',
  );
  await keepScreenshot(page, testInfo, 'station-notes-desktop-en');
  expect(await blockingViolations(page, 'station notes (owner)')).toEqual([]);

  // Delete asks first.
  await page
    .getByRole('button', { name: /^Delete the note of/ })
    .first()
    .click();
  await page.getByRole('alertdialog', { name: 'Delete this field note?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(snackbar(page)).toContainText('The field note was deleted.');
  await expect(page.getByTestId('field-note')).toHaveCount(1);

  // The station page shows the same notes, editable by the owner.
  await page.goto(`/station/${stationId}`);
  await expect(page.getByRole('textbox', { name: 'Study Objective', exact: true })).toHaveValue('Learn when the creek runs dry.');
  await expect(page.getByTestId('field-note')).toHaveCount(1);

  // 'My stations' notes.
  await page.goto('/notes');
  await expect(page.getByRole('heading', { level: 1, name: "My stations' notes" })).toBeVisible();
  // In the page, not the sidebar (which lists the user's stations too).
  await page.getByRole('main').getByRole('link', { name: 'Notes station' }).click();
  await expect(page).toHaveURL(new RegExp(`/notes/${stationId}$`));
});

test('a visitor reads a demo station notes in Spanish on a phone and is asked to log in to write', async ({
  page,
  request,
}, testInfo) => {
  const { station } = await seededStation(request, 'Hudson at Kingston');
  await page.setViewportSize(PHONE);
  await prepare(page, { locale: 'es-ES' });
  await page.goto(`/notes/${station.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Notas de Hudson at Kingston' })).toBeVisible();
  await expect(page.getByText('Notas completas al 67 %')).toBeVisible();
  await expect(page.getByText('A public beach where people swim and fish.')).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByText('Inicie sesión para escribir una nota de campo.')).toBeVisible();
  await expect(page.getByText('Cleaned the conductivity probe; a thin film of algae.')).toBeVisible();
  await page.getByRole('link', { name: 'Iniciar sesión' }).last().click();
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('after') === `/notes/${station.id}`);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Notas de Hudson at Kingston' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'station-notes-phone-es');
  expect(await blockingViolations(page, 'station notes (visitor, es)')).toEqual([]);
});

test('project notes page: station list, the chosen station read only, the empty texts; desktop and phone', async ({
  page,
  request,
}, testInfo) => {
  const { station, projectId } = await seededStation(request, 'Hudson at Kingston');
  await prepare(page);
  await page.setViewportSize(DESKTOP);
  await page.goto(`/dashboard/projects/${projectId}/notes`);
  await expect(page.getByRole('heading', { level: 1, name: 'Notes of Hudson River Water Quality' })).toBeVisible();
  await expect(page.getByText('Please choose a station from the left.')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Stations' });
  await expect(nav.getByRole('link', { name: /Hudson at Kingston\s*Deployed/ })).toBeVisible();
  await nav.getByRole('link', { name: /Hudson at Kingston/ }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/projects/${projectId}/notes/${station.id}$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Notes of Hudson at Kingston' })).toBeVisible();
  await expect(page.getByText('Track how road salt and summer storms change the river’s conductivity.')).toBeVisible();
  await expect(nav.getByRole('link', { name: /Hudson at Kingston/ })).toHaveAttribute('aria-current', 'page');
  await keepScreenshot(page, testInfo, 'project-notes-desktop-en');
  expect(await blockingViolations(page, 'project notes')).toEqual([]);

  // Below 768 px: the list, then the station alone with a way back.
  await page.setViewportSize(PHONE);
  await page.goto(`/dashboard/projects/${projectId}/notes`);
  await expect(page.getByText('Please choose a station from the left.')).toHaveCount(0);
  await page
    .getByRole('navigation', { name: 'Stations' })
    .getByRole('link', { name: /Hudson at Kingston/ })
    .click();
  await expect(page.getByRole('navigation', { name: 'Stations' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to the stations' }).click();
  await expect(page.getByRole('navigation', { name: 'Stations' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'project-notes-phone-en');

  // A project without stations.
  const owner = await makeOwner(request, 'empty-project');
  const created = await request.post('/api/projects', {
    headers: auth(owner),
    data: { name: 'Empty notes project', description: 'Nothing yet', goal: 'Wait', location: 'Nowhere' },
  });
  expect(created.status(), await created.text()).toBe(200);
  const empty = ((await created.json()) as { id: number }).id;
  await prepare(page, { owner });
  await page.setViewportSize(DESKTOP);
  await page.goto(`/dashboard/projects/${empty}/notes`);
  await expect(page.getByText('There are no stations to view.').first()).toBeVisible();
});

test('flood mode and Spanish: the notes pages keep the product label; my notes need a sign-in', async ({ page, request }) => {
  const { station, projectId } = await seededStation(request, 'Broad Channel W 12th Rd');
  await prepare(page, { locale: 'es-ES' });
  await page.goto(`${FLOOD}/dashboard/projects/${projectId}/notes/${station.id}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Notas de Broad Channel W 12th Rd' })).toBeVisible();
  await expect(page).toHaveTitle('Notas de Jamaica Bay Flood Watch - FloodNet Groundtruth');
  await expect(page.getByRole('navigation', { name: 'Estaciones' }).getByText('Instalada').first()).toBeVisible();
  expect(await blockingViolations(page, 'project notes (flood, es)')).toEqual([]);
  await page.goto(`${FLOOD}/notes`);
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('after') === '/notes');
});

test("the project notes page lets whoever may write a station's notes write them, as the station page does", async ({
  page,
  request,
}) => {
  // A project member may not edit the project, yet the policy's station.writeNotes lets the teams of a
  // station's projects write its notes: the same form on both screens. Someone outside reads only.
  const owner = await makeOwner(request, 'notes-rule');
  const member = await makeOwner(request, 'notes-member');
  const stranger = await makeOwner(request, 'notes-stranger');
  const stationId = await registeredStation(request, owner, 'Team notes station');
  const created = await request.post('/api/projects', {
    headers: auth(owner),
    data: { name: 'Team notes project', description: 'Notes by the team', goal: 'Notes', location: 'Creek', privacy: 1 },
  });
  expect(created.status(), await created.text()).toBe(200);
  const projectId = ((await created.json()) as { id: number }).id;
  const added = await request.post(`/api/projects/${projectId}/stations/${stationId}`, { headers: auth(owner) });
  expect(added.status(), await added.text()).toBe(204);
  const invited = await request.post(`/api/projects/${projectId}/invite`, {
    headers: auth(owner),
    data: { email: member.email, role: 0 },
  });
  expect(invited.status(), await invited.text()).toBe(200);
  const accepted = await request.post(`/api/projects/${projectId}/invites/accept`, { headers: auth(member) });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const project = (await (await request.get(`/api/projects/${projectId}`, { headers: auth(member) })).json()) as {
    readOnly: boolean;
  };
  expect(project.readOnly).toBe(true);

  await page.setViewportSize(DESKTOP);
  await prepare(page, { owner: member });
  await page.goto(`/dashboard/projects/${projectId}/notes/${stationId}`);
  await page.getByRole('textbox', { name: 'Study Objective', exact: true }).fill('Watch the creek rise.');
  await page.getByRole('button', { name: 'Save notes' }).click();
  await expect(snackbar(page)).toContainText('The notes were updated.');
  await page.goto(`/notes/${stationId}`);
  await expect(page.getByRole('textbox', { name: 'Study Objective', exact: true })).toHaveValue('Watch the creek rise.');

  // The control: a signed-in reader outside the station's projects reads the notes, with no form.
  const other = await page.context().browser()!.newPage();
  await prepare(other, { owner: stranger });
  await other.goto(`${BASE}/dashboard/projects/${projectId}/notes/${stationId}`);
  await expect(other.getByText("You can read these notes; only the station's team can change them.")).toBeVisible();
  await expect(other.getByText('Watch the creek rise.')).toBeVisible();
  await expect(other.getByRole('button', { name: 'Save notes' })).toHaveCount(0);
  await other.close();
});
