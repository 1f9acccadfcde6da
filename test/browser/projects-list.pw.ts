import { expect, test } from '@playwright/test';
import { fillLogin, linkPath, waitForMail } from './accounts';
import { DESKTOP, FLOOD, PHONE, blockingViolations, keepScreenshot, makeOwner, prepare, snackbar } from './stations';
import { demoAdmin, invite, seededProject } from './projects';

/** The projects list and the shell around it (spec §2 Layout, Projects list), both languages and modes. */

test('visitors see the community projects titled Projects, each with its follow heart (en-US, desktop)', async ({
  page,
  request,
}, testInfo) => {
  const hudson = await seededProject(request, 'Hudson River Water Quality');
  await page.setViewportSize(DESKTOP);
  await prepare(page, { owner: null });
  await page.goto('/dashboard');

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(page).toHaveTitle('Projects - Groundtruth');
  const card = main.getByRole('link', { name: hudson.name });
  await expect(card).toBeVisible();
  await expect(card).toContainText(hudson.description);
  await expect(card).toContainText(/\d+ followers?/);
  // The private demo project is not listed to visitors; there is no add button without an account.
  await expect(main.getByRole('link', { name: 'Bench Calibration Lab' })).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'Add project' })).toHaveCount(0);

  // The shell: a log-in link, no admin link, and the sidebar's empty state for stations.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Admin' })).toHaveCount(0);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: hudson.name })).toBeVisible();
  await expect(nav.getByText('Log in to see your stations.')).toBeVisible();

  // The sidebar collapses to a rail and back.
  const menu = page.getByRole('button', { name: 'Navigation menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Projects' })).toBeVisible();
  await menu.click();
  await expect(nav.getByRole('link', { name: hudson.name })).toBeVisible();

  await keepScreenshot(page, testInfo, 'projects-list-anonymous-en-desktop');
  expect(await blockingViolations(page, 'projects list, visitor')).toEqual([]);
});

test('a new member answers invitations; failures say so (es-ES, phone)', async ({ page, request }, testInfo) => {
  const admin = await demoAdmin(request);
  const hudson = await seededProject(request, 'Hudson River Water Quality');
  const rio = await seededProject(request, 'Rio Grande Weather Network');
  const member = await makeOwner(request, 'invitee');
  await invite(request, admin, hudson.id, member, 0);
  await invite(request, admin, rio.id, member, 1);

  await page.setViewportSize(PHONE);
  await prepare(page, { locale: 'es-ES', owner: member });

  // A failed load of the invitations says so and lists none (spec §8).
  await page.route('**/api/projects/invites/pending', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.goto('/dashboard');
  await expect(snackbar(page)).toContainText(
    'No se pudieron cargar las invitaciones a proyectos. Por favor, recargue la página.',
  );
  await expect(page.getByRole('heading', { name: 'Invitaciones pendientes' })).toHaveCount(0);
  await page.unroute('**/api/projects/invites/pending');

  await page.reload();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Mis proyectos' })).toBeVisible();
  await expect(page).toHaveTitle('Proyectos - Groundtruth');
  await expect(main.getByText('Todavía no es miembro de ningún proyecto.', { exact: false })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Añadir proyecto' })).toBeVisible();
  const invitations = main.getByRole('list', { name: 'Invitaciones pendientes' });
  await expect(invitations.getByRole('listitem')).toHaveCount(2);
  await expect(invitations.getByRole('listitem').filter({ hasText: rio.name })).toContainText('Está invitado como Administrador');
  await keepScreenshot(page, testInfo, 'projects-list-invitations-es-phone');
  expect(await blockingViolations(page, 'projects list with invitations')).toEqual([]);

  // Accepting adds the project to mine.
  await invitations.getByRole('button', { name: `Aceptar: ${hudson.name}` }).click();
  await expect(snackbar(page)).toContainText(`Se ha unido a ${hudson.name}.`);
  await expect(main.getByRole('list', { name: 'Mis proyectos' }).getByRole('link', { name: hudson.name })).toBeVisible();
  await expect(invitations.getByRole('listitem')).toHaveCount(1);

  // A failed decline keeps the invitation and says so; trying again works.
  await page.route('**/api/projects/*/invites/reject', (route) => route.fulfill({ status: 500, body: '{}' }));
  await invitations.getByRole('button', { name: `Rechazar: ${rio.name}` }).click();
  await expect(snackbar(page)).toContainText('No se pudo rechazar la invitación al proyecto. Por favor, inténtelo de nuevo.');
  await expect(invitations.getByRole('listitem')).toHaveCount(1);
  await page.unroute('**/api/projects/*/invites/reject');
  await invitations.getByRole('button', { name: `Rechazar: ${rio.name}` }).click();
  await expect(snackbar(page)).toContainText(`Ha rechazado la invitación a ${rio.name}.`);
  await expect(main.getByRole('heading', { name: 'Invitaciones pendientes' })).toHaveCount(0);
  const pending = await request.get('/api/projects/invites/pending', { headers: { Authorization: `Bearer ${member.token}` } });
  expect(((await pending.json()) as { pending: unknown[] }).pending).toEqual([]);
});

test('flood mode: sensors, its own name and colours, and the fixed project at the root (en-US, phone and desktop)', async ({
  page,
  request,
}, testInfo) => {
  await seededProject(request, 'Jamaica Bay Flood Watch');
  const member = await makeOwner(request, 'flood-list');
  await prepare(page, { owner: member });

  await page.setViewportSize(PHONE);
  await page.goto(`${FLOOD}/dashboard`);
  await expect(page.getByRole('heading', { level: 1, name: 'My projects' })).toBeVisible();
  await expect(page).toHaveTitle('Projects - FloodNet Groundtruth');
  await expect(page.getByRole('banner')).toContainText('FloodNet');
  // The partner's colour is the brand: the primary button wears it.
  await expect(page.getByRole('link', { name: 'Add project' })).toHaveCSS('background-color', 'rgb(27, 54, 93)');
  await page.getByRole('button', { name: 'Navigation menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('heading', { name: 'Sensors' })).toBeVisible();
  await expect(nav.getByText('You have no sensors yet.')).toBeVisible();
  await keepScreenshot(page, testInfo, 'projects-list-flood-en-phone');
  expect(await blockingViolations(page, 'projects list, flood mode, menu open')).toEqual([]);

  // The root is the big map of the fixed project (174), not the list.
  await page.setViewportSize(DESKTOP);
  const asked = page.waitForRequest((req) => new URL(req.url()).pathname === '/api/projects/174');
  await page.goto(`${FLOOD}/`);
  await asked;
  await expect(page.getByRole('heading', { level: 1, name: 'My projects' })).toHaveCount(0);
  await expect(page).toHaveTitle(/ - FloodNet Groundtruth$/);

  // The default mode's root is the list.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'My projects' })).toBeVisible();
});

test('an e-mailed invitation: log in from its link, accept, and the link is used up (en-US, desktop)', async ({
  page,
  request,
}, testInfo) => {
  const admin = await demoAdmin(request);
  const flood = await seededProject(request, 'Jamaica Bay Flood Watch');
  const member = await makeOwner(request, 'mailed-invitee');
  await invite(request, admin, flood.id, member, 0);
  const link = linkPath(
    await waitForMail(member.email, /You are invited to join Jamaica Bay Flood Watch/),
    '/projects/invitation',
  );

  await page.setViewportSize(DESKTOP);
  await prepare(page, { owner: null });
  await page.goto(link);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  const invitation = main.getByRole('region', { name: 'Your invitation' });
  await expect(invitation).toContainText(`You are invited to join ${flood.name} as Member.`);
  await keepScreenshot(page, testInfo, 'project-invitation-visitor-en-desktop');
  expect(await blockingViolations(page, 'invitation link, visitor')).toEqual([]);

  await invitation.getByRole('link', { name: 'Log in to answer' }).click();
  await fillLogin(page, member.email, member.password);
  await expect(page).toHaveURL(/\/projects\/invitation\?token=/);
  await main.getByRole('region', { name: 'Your invitation' }).getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/projects/${flood.id}$`));
  await expect(snackbar(page)).toContainText(`You joined ${flood.name}.`);

  // The link is used up (this visit is signed out again: the test's start-up script clears the token).
  await page.goto(link);
  await expect(main.getByRole('region', { name: 'Your invitation' })).toContainText('This invitation is not valid any more');
});
