import { expect, test, type APIRequestContext } from '@playwright/test';
import { encodeDataFile, encodeMetaFile, type ModuleInfo } from '../../libs/platform/src/protobuf/fk-data';
import { T0, accountsWith, minuteRecord, signIn } from './console-support';

/**
 * The operators' console (issue 28), in both languages: a site admin finds a station and sees its
 * failed upload, fixes the cause (the missing meta file) and processes it again, transfers the
 * station to another user through the search picker, deletes a user with their own password, and
 * reads the projections. Someone without console rights is sent away.
 */
const words = {
  en: {
    locale: 'en-US',
    main: 'Main',
    server: 'Server name',
    stations: 'Stations',
    users: 'Users',
    projections: 'Projections',
    search: 'Search',
    process: 'Process',
    pickUser: 'Search a user by name or e-mail',
    transfer: 'Transfer',
    yes: 'Yes',
    deleteUser: 'Delete user',
    password: 'Your password',
    transferred: 'Station transferred.',
    deleted: 'The account was deleted.',
    uploads: 'Uploads',
    failed: 'failed',
    moderation: 'Moderation',
    review: 'Review',
    keep: 'Keep',
    kept: 'Kept',
    processed: 'processed',
    history: 'History',
  },
  es: {
    locale: 'es-ES',
    main: 'Principal',
    server: 'Nombre del servidor',
    stations: 'Estaciones',
    users: 'Usuarios',
    projections: 'Proyecciones',
    search: 'Buscar',
    process: 'Procesar',
    pickUser: 'Busque un usuario por nombre o correo',
    transfer: 'Transferir',
    yes: 'Sí',
    deleteUser: 'Eliminar usuario',
    password: 'Su contraseña',
    transferred: 'Estación transferida.',
    deleted: 'La cuenta se eliminó.',
    uploads: 'Subidas',
    failed: 'fallida',
    moderation: 'Moderación',
    review: 'Revisar',
    keep: 'Conservar',
    kept: 'Conservada',
    processed: 'procesada',
    history: 'Historial',
  },
} as const;

const password = 'console journey password';
const account = accountsWith(password);
const record = minuteRecord;
const modules: ModuleInfo[] = [
  {
    position: 0,
    address: 0,
    name: 'modules.diagnostics',
    header: { manufacturer: 1, kind: 0xa1, version: 1 },
    sensors: [{ number: 0, name: 'battery_charge', unitOfMeasure: '%', flags: 0 }],
    id: Uint8Array.from([0xd1, 0xab]),
    flags: 1,
  },
];
const upload = async (
  request: APIRequestContext,
  token: string,
  device: string,
  generation: string,
  type: 'meta' | 'data',
  body: Uint8Array,
) => {
  const r = await request.post('/api/ingestion', {
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/vnd.fk.data+binary',
      'fk-deviceid': device,
      'fk-generation': generation,
      'fk-type': type,
      'fk-blocks': type === 'meta' ? '1,1' : '1,5',
    },
    data: Buffer.from(body),
  });
  expect(r.status(), await r.text()).toBe(200);
  return ((await r.json()) as { id: number }).id;
};

for (const lang of ['en', 'es'] as const) {
  const w = words[lang];
  test(`console (${lang}): reprocess a failed upload after fixing it, transfer a station, delete a user, read projections, acknowledge a report`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    page.on('pageerror', (e) => console.log('PAGEERROR', e.message, e.stack?.slice(0, 600)));
    page.on('console', (m) => {
      if (m.type() === 'error') console.log('CONSOLE', m.text().slice(0, 400));
    });
    const admin = await account(request, `Console admin ${lang}`, `console-admin-${lang}@example.org`);
    const owner = await account(request, `Owner ${lang}`);
    const receiver = await account(request, `Receiver ${lang}`);
    const doomed = await account(request, `Doomed ${lang}`);
    const device = lang === 'en' ? '0004a30b00c0ff01' : '0004a30b00c0ff02';
    const generation = lang === 'en' ? 'aa01aa01aa01aa01' : 'aa02aa02aa02aa02';
    const stationName = `Console station ${lang} ${Date.now() % 100000}`;
    const created = await request.post('/api/stations', {
      headers: { authorization: `Bearer ${owner.token}` },
      data: { deviceId: device, name: stationName },
    });
    expect(created.status()).toBe(200);
    // The data file names a meta record the server has not got: its processing fails.
    const dataId = await upload(request, owner.token, device, generation, 'data', encodeDataFile([1, 2, 3, 4, 5].map(record)));

    await signIn(page, admin.token, w.locale);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: w.main, exact: true })).toBeVisible();
    await expect(page.getByText(w.server, { exact: true })).toBeVisible();

    // Stations: find it, open its row, see the failed upload.
    await page.getByRole('menuitem', { name: w.stations }).click();
    await page.getByPlaceholder(w.search).fill(stationName);
    const row = page.getByRole('row').filter({ hasText: stationName });
    await expect(row).toHaveCount(1);
    await row.click();
    const panel = page.getByRole('region', { name: new RegExp(stationName) });
    const uploadRow = panel.getByRole('row').filter({ has: page.getByRole('cell', { name: String(dataId), exact: true }) });
    await expect(uploadRow.getByText(w.failed, { exact: true })).toBeVisible({ timeout: 30_000 });

    // Fix the cause (the owner sends the meta file), then Process the upload from the console.
    await upload(
      request,
      owner.token,
      device,
      generation,
      'meta',
      encodeMetaFile([
        {
          record: 1,
          time: T0,
          dataRecord: {
            metadata: { deviceId: Buffer.from(device, 'hex'), time: T0, generation: Buffer.from(generation, 'hex'), record: 1 },
            identity: { name: stationName },
            modules,
          },
        },
      ]),
    );
    await uploadRow.getByRole('button', { name: `${w.process} ${dataId}` }).click();
    await expect(uploadRow.getByText(w.processed, { exact: true })).toBeVisible({ timeout: 30_000 });

    // Transfer the station to another user through the search picker.
    await panel.getByLabel(w.pickUser).fill(receiver.name);
    await page.getByRole('option', { name: new RegExp(receiver.name) }).click();
    await panel.getByRole('button', { name: w.transfer, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: w.yes, exact: true }).click();
    await expect(page.getByText(w.transferred)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: stationName }).getByText(receiver.name)).toBeVisible();
    const station = await request.get(`/api/stations/${(await created.json()).id}`, {
      headers: { authorization: `Bearer ${receiver.token}` },
    });
    expect((await station.json()).owner.name).toBe(receiver.name);

    // History (issue 29 in the console): the station's events, the transfer among them, with its state.
    await panel.getByRole('link', { name: w.history, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/history/station-${(await created.json()).id}$`));
    await expect(page.getByText(/^\d+\. StationTransferred$/)).toBeVisible();

    // Users: find one, open it, delete it with the admin's own password.
    // By address: the wide stations table can leave the menu under it on a narrow run (see the report).
    await page.goto('/admin/users');
    await page.getByPlaceholder(w.search).fill(doomed.name);
    const userRow = page.getByRole('row').filter({ hasText: doomed.email });
    await expect(page.getByRole('row')).toHaveCount(2); // the header and the one user found
    await userRow.getByText(doomed.name, { exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/users\/\d+\/show$/);
    await expect(page.getByRole('heading', { level: 1, name: doomed.name, exact: true })).toBeVisible();
    await page.getByRole('button', { name: w.deleteUser, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(w.password).fill(password);
    await dialog.getByRole('button', { name: w.yes, exact: true }).click();
    await expect(page.getByText(w.deleted)).toBeVisible();
    expect((await request.get('/api/user', { headers: { authorization: `Bearer ${doomed.token}` } })).status()).toBe(401);

    // Projections: each read model's state.
    await page.getByRole('menuitem', { name: w.projections }).click({ force: true });
    await expect(page.getByRole('row').filter({ hasText: 'stations' }).first()).toContainText('running');

    // Moderation: a moderator (the role granted by the admin's command) reviews a reported comment and keeps it.
    const moderator = await account(request, `Moderator ${lang}`);
    const granted = await request.patch(
      `/api/admin/users/${(await (await request.get('/api/user', { headers: { authorization: `Bearer ${moderator.token}` } })).json()).id}/roles`,
      {
        headers: { authorization: `Bearer ${admin.token}` },
        data: { moderator: true },
      },
    );
    expect(granted.status()).toBe(204);
    const project = await request.post('/api/projects', {
      headers: { authorization: `Bearer ${owner.token}` },
      data: { name: `Console project ${lang}`, description: 'd', goal: 'g', location: 'l', privacy: 1 },
    });
    const words = `Reported words ${lang} ${Date.now() % 100000}`;
    const posted = await request.post('/api/discussion', {
      headers: { authorization: `Bearer ${owner.token}` },
      data: { post: { projectId: (await project.json()).id, body: words } },
    });
    expect(posted.status(), await posted.text()).toBeLessThan(300);
    const postId = (await posted.json()).post.id as number;
    const reported = await request.post('/api/moderation', {
      headers: { authorization: `Bearer ${receiver.token}` },
      data: { postId, postType: 'discussion_post' },
    });
    expect(reported.status(), await reported.text()).toBeLessThan(300);
    await signIn(page, moderator.token, w.locale);
    await page.goto('/admin');
    await expect(page.getByRole('menuitem', { name: w.users })).toHaveCount(0);
    await page.getByRole('menuitem', { name: w.moderation }).click();
    const reportRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(postId), exact: true }) });
    await reportRow.getByRole('button', { name: new RegExp(`^${w.review} `) }).click();
    const review = page.getByRole('dialog');
    await expect(review.getByText(words)).toBeVisible();
    await review.getByRole('button', { name: w.keep, exact: true }).click();
    await expect(reportRow.getByText(w.kept, { exact: true })).toBeVisible();

    // Someone without console rights is sent to the dashboard.
    await signIn(page, owner.token, w.locale);
    await page.goto('/admin/stations');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
}
