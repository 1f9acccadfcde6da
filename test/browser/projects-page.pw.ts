import { expect, test } from '@playwright/test';
import { fillLogin, field } from './accounts';
import { createProject, demoAdmin, invite, joinProject, readProject, seededProject } from './projects';
import {
  DESKTOP,
  FLOOD,
  PHONE,
  auth,
  blockingViolations,
  keepScreenshot,
  makeOwner,
  prepare,
  registeredStation,
  snackbar,
} from './stations';

/** The project page (spec §2): admin and public views, stations, team manager, activity; both languages and modes. */

test('the admin view: details, stations 4 a page, the team manager and the activity panel (en-US, desktop)', async ({
  page,
  request,
}, testInfo) => {
  const owner = await makeOwner(request, 'project-admin');
  const colleague = await makeOwner(request, 'project-colleague');
  const newcomer = await makeOwner(request, 'project-newcomer');
  const id = await createProject(request, owner, { name: 'Harbor Network', tags: ['harbor', 'tides'] });
  // Six stations of the owner's: four in the project through the API, one added on the page, one left out.
  const stations: number[] = [];
  for (const n of [1, 2, 3, 4, 5, 6]) stations.push(await registeredStation(request, owner, `Harbor buoy ${n}`));
  for (const stationId of stations.slice(0, 4)) {
    const res = await request.post(`/api/projects/${id}/stations/${stationId}`, { headers: auth(owner) });
    expect(res.status()).toBe(204);
  }
  await joinProject(request, owner, id, colleague, 0);
  const update = await request.post(`/api/projects/${id}/updates`, { headers: auth(owner), data: { body: 'Buoys are out.' } });
  expect(update.status()).toBe(200);

  await page.setViewportSize(DESKTOP);
  await prepare(page, { owner });
  await page.goto(`/dashboard/projects/${id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Harbor Network' })).toBeVisible();
  await expect(page).toHaveTitle('Harbor Network - Groundtruth');

  // Details, with the edit link; native lands have no data yet.
  const details = main.getByRole('region', { name: 'Project details' });
  await expect(details.getByRole('link', { name: 'Edit project' })).toHaveAttribute('href', `/dashboard/projects/${id}/edit`);
  await expect(details).toContainText('Check the screens');
  await expect(details).toContainText('Native landsN/A');
  await expect(details.getByRole('list', { name: 'Team' })).toContainText(colleague.name);
  await expect(details.getByRole('list', { name: 'Modules' }).getByRole('img', { name: 'pH' })).toBeVisible();
  await expect(main.getByRole('list', { name: 'Tags' })).toContainText('harbortides');

  // Stations: 4 a page.
  const stationsPanel = main.getByRole('region', { name: /^Stations/ });
  await expect(stationsPanel).toContainText('(4 stations)');
  await expect(stationsPanel.getByRole('link', { name: /^Harbor buoy/ })).toHaveCount(4);
  await expect(stationsPanel.getByRole('link', { name: 'Big map' })).toHaveAttribute('href', `/dashboard/projects/${id}/map`);
  await expect(stationsPanel.getByRole('link', { name: 'Notes' })).toHaveAttribute('href', `/dashboard/projects/${id}/notes`);
  await stationsPanel.getByRole('button', { name: 'Add a station' }).click();
  const picker = page.getByRole('dialog', { name: 'Add one of your stations' });
  // The owner's stations not yet in the project (and the private project's first one is in its own project, not this one).
  await expect(picker.getByRole('button', { name: 'Add Harbor buoy 1' })).toHaveCount(0);
  await picker.getByRole('button', { name: 'Add Harbor buoy 5' }).click();
  await expect(snackbar(page)).toContainText('Harbor buoy 5 was added to the project.');
  await expect(picker.getByRole('button', { name: 'Add Harbor buoy 5' })).toHaveCount(0);
  await picker.getByRole('button', { name: 'Close' }).click();
  await expect(stationsPanel).toContainText('(5 stations)');
  await expect(stationsPanel.getByRole('link', { name: /^Harbor buoy/ })).toHaveCount(4);
  await stationsPanel.getByRole('navigation', { name: 'Station pages' }).getByRole('button', { name: 'Go to page 2' }).click();
  await expect(stationsPanel.getByRole('link', { name: /^Harbor buoy/ })).toHaveCount(1);
  // Removing asks first.
  const last = await stationsPanel.getByRole('link', { name: /^Harbor buoy/ }).innerText();
  await stationsPanel.getByRole('button', { name: `Remove ${last} from the project` }).click();
  await page.getByRole('alertdialog', { name: 'Remove this station?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(stationsPanel).toContainText('(4 stations)');
  await expect(stationsPanel.getByRole('navigation', { name: 'Station pages' })).toHaveCount(0);

  // The team manager: one's own line cannot be changed or removed.
  const team = main.getByRole('region', { name: 'Manage team' });
  const members = team.getByRole('list', { name: 'Team members' });
  const self = members.getByRole('listitem').filter({ hasText: owner.email });
  await expect(self).toContainText('You');
  await expect(self.getByRole('combobox')).toHaveCount(0);
  await expect(self.getByRole('button', { name: /^Remove/ })).toHaveCount(0);

  // Invite: required e-mail, a role to pick (placeholder 'Select Role'), and the duplicate message.
  const email = field(team, 'Email address');
  await team.getByRole('button', { name: 'Invite' }).click();
  await expect(team.getByText('Email is a required field.')).toBeVisible();
  await email.fill(newcomer.email);
  await expect(team.getByRole('combobox', { name: 'Role', exact: true })).toHaveText('Select Role');
  await team.getByRole('combobox', { name: 'Role', exact: true }).click();
  await page.getByRole('option', { name: 'Administrator' }).click();
  await team.getByRole('button', { name: 'Invite' }).click();
  await expect(snackbar(page)).toContainText(`An invitation was sent to ${newcomer.email}.`);
  const pending = members.getByRole('listitem').filter({ hasText: newcomer.email });
  await expect(pending).toContainText('Invitation pending');
  await expect(pending.getByRole('combobox')).toHaveCount(0);
  await email.fill(colleague.email);
  await team.getByRole('button', { name: 'Invite' }).click();
  await expect(team.getByText('This user is already invited.')).toBeVisible();

  // Role: pick, then Update Role.
  const colleagueRow = members.getByRole('listitem').filter({ hasText: colleague.email });
  await colleagueRow.getByRole('combobox', { name: `Role of ${colleague.name}` }).click();
  await page.getByRole('option', { name: 'Administrator' }).click();
  await colleagueRow.getByRole('button', { name: 'Update Role' }).click();
  await expect(snackbar(page)).toContainText(`${colleague.name} is now Administrator.`);
  expect((await readProject(request, owner, id)).users.find((u) => u.user.email === colleague.email)?.role).toBe('Administrator');

  // Removal asks first; cancelling keeps the member.
  await colleagueRow.getByRole('button', { name: `Remove ${colleague.name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove this person?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(colleagueRow).toBeVisible();
  await colleagueRow.getByRole('button', { name: `Remove ${colleague.name}` }).click();
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(snackbar(page)).toContainText(`${colleague.name} was removed from the project.`);
  await expect(colleagueRow).toHaveCount(0);

  // The comments have their place: the discussion, empty so far, with its editor.
  await expect(main.getByRole('region', { name: 'Comments' })).toContainText('No comments yet. Start the conversation.');
  await expect(main.getByRole('combobox', { name: 'New comment' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await keepScreenshot(page, testInfo, 'project-admin-en-desktop');
  expect(await blockingViolations(page, 'project admin view')).toEqual([]);

  // The activity panel opens on its own route and closes back to the project's.
  await main.getByRole('link', { name: 'Activity' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/projects/${id}/activity$`));
  const panel = page.getByRole('dialog', { name: 'Activity' });
  await expect(panel).toContainText(`${owner.name} posted an update`);
  await expect(panel).toContainText('Buoys are out.');
  expect(await blockingViolations(page, 'activity panel')).toEqual([]);
  await panel.getByRole('button', { name: 'Close the activity panel' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/projects/${id}$`));
  await expect(panel).toBeHidden();
});

test('the public view, following, and private projects (es-ES, phone)', async ({ page, request }, testInfo) => {
  const owner = await makeOwner(request, 'project-public');
  const reader = await makeOwner(request, 'project-reader');
  const id = await createProject(request, owner, { name: 'Open River Lab' });
  const privateId = await createProject(request, owner, { name: 'Closed Bench', privacy: 0 });
  const member = await makeOwner(request, 'project-public-member');
  await joinProject(request, owner, id, member, 0);
  await invite(request, owner, id, reader, 0);
  const stationId = await registeredStation(request, owner, 'River gauge');
  expect((await request.post(`/api/projects/${id}/stations/${stationId}`, { headers: auth(owner) })).status()).toBe(204);

  await page.setViewportSize(PHONE);
  // Visitors: the public view, with a log-in link to follow.
  await prepare(page, { locale: 'es-ES', owner: null });
  await page.goto(`/dashboard/projects/${id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Open River Lab' })).toBeVisible();
  // Two in the team (the owner and the member); the invitation not yet answered is not counted.
  await expect(main.getByRole('heading', { name: 'Equipo del proyecto (2 miembros)' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Inicie sesión para seguir este proyecto' })).toBeVisible();
  // The stations with a map (this one has no location yet, and says so).
  await expect(main.getByRole('region', { name: 'Mapa de las estaciones' })).toBeVisible();
  await expect(main.getByText('Ninguna estación tiene ubicación todavía.')).toBeVisible();
  await expect(main.getByRole('link', { name: 'River gauge' })).toHaveAttribute(
    'href',
    `/dashboard/projects/${id}/station/${stationId}`,
  );
  await expect(main.getByRole('link', { name: 'Editar el proyecto' })).toHaveCount(0);
  await expect(main.getByRole('region', { name: 'Comentarios' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'project-public-es-phone');
  expect(await blockingViolations(page, 'project public view')).toEqual([]);

  // A private project sends visitors to log in, with the reason, and back after.
  await page.goto(`/dashboard/projects/${privateId}`);
  await expect(page).toHaveURL(/\/login\?after=%2Fdashboard%2Fprojects%2F\d+&reason=privateProject$/);
  await expect(page.getByText('Este proyecto es privado. Inicie sesión para verlo.', { exact: false })).toBeVisible();

  // Signed in without access: the forbidden banner.
  await page.goto('/login');
  await prepare(page, { locale: 'es-ES', owner: reader });
  await page.goto(`/dashboard/projects/${privateId}`);
  await expect(page.getByRole('alert')).toContainText('Este proyecto es privado.');
  await expect(page.getByRole('alert')).toContainText('No tiene acceso para ver este proyecto.');

  // Following: the heart and the count, singular and plural.
  await page.goto(`/dashboard/projects/${id}`);
  const follow = main.getByRole('button', { name: 'Seguir' });
  await expect(main.getByText('0 seguidores')).toBeVisible();
  await follow.click();
  await expect(main.getByRole('button', { name: 'Siguiendo' })).toHaveAttribute('aria-pressed', 'true');
  await expect(main.getByText('1 seguidor', { exact: true })).toBeVisible();
  await main.getByRole('button', { name: 'Siguiendo' }).click();
  await expect(main.getByText('0 seguidores')).toBeVisible();

  // The project's administrator can force the public view, and go back to the dashboard.
  await prepare(page, { locale: 'es-ES', owner });
  await page.goto(`/dashboard/projects/${id}/public`);
  await expect(main.getByRole('heading', { name: 'Equipo del proyecto (2 miembros)' })).toBeVisible();
  await main.getByRole('link', { name: 'Volver al panel del proyecto' }).click();
  await expect(main.getByRole('region', { name: 'Gestionar el equipo' })).toBeVisible();
});

test('flood mode: the project page calls stations sensors (en-US, desktop and phone)', async ({ page, request }, testInfo) => {
  const admin = await demoAdmin(request);
  const flood = await seededProject(request, 'Jamaica Bay Flood Watch');
  await prepare(page, { owner: admin });
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto(`${FLOOD}/dashboard/projects/${flood.id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: flood.name })).toBeVisible();
    await expect(page).toHaveTitle(`${flood.name} - FloodNet Groundtruth`);
    const sensors = main.getByRole('region', { name: /^Sensors/ });
    await expect(sensors).toContainText('(3 sensors)');
    await expect(sensors.getByRole('button', { name: 'Add a sensor' })).toBeVisible();
    await keepScreenshot(page, testInfo, `project-admin-flood-en-${name}`);
    expect(await blockingViolations(page, `project page, flood mode, ${name}`)).toEqual([]);
  }
  // Signing in from the private-project message comes back to the project (checked here in flood mode).
  const stranger = await makeOwner(request, 'flood-stranger');
  const bench = await request.get('/api/user/projects', { headers: auth(admin) });
  const privateProject = ((await bench.json()) as { projects: { id: number; private: boolean }[] }).projects.find(
    (p) => p.private,
  )!;
  await prepare(page, { owner: null });
  await page.goto(`${FLOOD}/dashboard/projects/${privateProject.id}`);
  await expect(page).toHaveURL(/reason=privateProject/);
  await fillLogin(page, stranger.email, stranger.password);
  await expect(page).toHaveURL(new RegExp(`/dashboard/projects/${privateProject.id}$`));
  await expect(page.getByRole('alert')).toContainText("You don't have access to view this project.");
});
