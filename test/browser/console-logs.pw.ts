import { expect, test } from '@playwright/test';
import { encodeDataFile } from '../../libs/platform/src/protobuf/fk-data';
import { accountsWith, minuteRecord, signIn } from './console-support';

/**
 * The console's log view and station deletion (issue 28 items 2 and 4), in both languages: an upload
 * fails for real (its meta file never came); the admin follows Main's "errors" link to the log view,
 * finds that upload's error line and opens it (the raw JSON names the upload); then deletes the
 * station with confirmation, sees it gone, and finds StationDeleted in its history.
 */
const words = {
  en: {
    locale: 'en-US',
    main: 'Main',
    errors: 'Errors',
    raw: 'The line as written (JSON)',
    search: 'Search',
    deleteStation: 'Delete station',
    yes: 'Yes',
    deleted: 'Station deleted.',
    stationLogs: 'Logs (last 10 days)',
  },
  es: {
    locale: 'es-ES',
    main: 'Principal',
    errors: 'Errores',
    raw: 'La línea tal como se escribió (JSON)',
    search: 'Buscar',
    deleteStation: 'Eliminar la estación',
    yes: 'Sí',
    deleted: 'Estación eliminada.',
    stationLogs: 'Registros (últimos 10 días)',
  },
} as const;

const password = 'console logs journey password';
const account = accountsWith(password);
const record = minuteRecord;
for (const lang of ['en', 'es'] as const) {
  const w = words[lang];
  test(`console (${lang}): from Main's errors link to a failed upload's log line; delete a station`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const admin = await account(request, `Logs admin ${lang}`, `console-logs-${lang}@example.org`);
    const owner = await account(request, `Logs owner ${lang}`);
    const device = lang === 'en' ? '0004a30b00c0ee01' : '0004a30b00c0ee02';
    const stationName = `Logged station ${lang} ${Date.now() % 100000}`;
    const created = await request.post('/api/stations', {
      headers: { authorization: `Bearer ${owner.token}` },
      data: { deviceId: device, name: stationName },
    });
    expect(created.status()).toBe(200);
    const stationId = ((await created.json()) as { id: number }).id;
    // A data file naming a meta record the server never got: its processing fails, for real.
    const uploaded = await request.post('/api/ingestion', {
      headers: {
        authorization: `Bearer ${owner.token}`,
        'content-type': 'application/vnd.fk.data+binary',
        'fk-deviceid': device,
        'fk-generation': lang === 'en' ? 'ee01ee01ee01ee01' : 'ee02ee02ee02ee02',
        'fk-type': 'data',
        'fk-blocks': '1,5',
      },
      data: Buffer.from(encodeDataFile([1, 2, 3, 4, 5].map(record))),
    });
    expect(uploaded.status()).toBe(200);
    const uploadId = ((await uploaded.json()) as { id: number }).id;

    await signIn(page, admin.token, w.locale);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: w.main, exact: true })).toBeVisible();
    await page.getByRole('link', { name: w.errors, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/logs\?/);
    expect(decodeURIComponent(page.url())).toContain('"level":"error"');
    // The line is written within a second or two of the processing: read the list again until it shows.
    const line = page.getByRole('row').filter({ hasText: `upload ${uploadId} of station ${stationId}` });
    await expect(async () => {
      await page.reload();
      await expect(line).toHaveCount(1, { timeout: 2000 });
    }).toPass({ timeout: 45_000 });
    await line.click();
    await expect(page).toHaveURL(/\/admin\/logs\/\d+\/show$/);
    const raw = page.getByRole('region', { name: w.raw });
    await expect(raw).toContainText(`"ingestionId": ${uploadId}`);
    await expect(raw).toContainText(`"stationId": ${stationId}`);

    // The station's own 10-day logs link (its expanded row) leads to the same line.
    await page.goto('/admin/stations');
    await page.getByPlaceholder(w.search).fill(stationName);
    const row = page.getByRole('row').filter({ hasText: stationName });
    await expect(row).toHaveCount(1);
    await row.getByText(stationName, { exact: true }).click();
    await page
      .getByRole('region', { name: new RegExp(stationName) })
      .getByRole('link', { name: w.stationLogs, exact: true })
      .click();
    await expect(page).toHaveURL(/\/admin\/logs\?/);
    await expect(page.getByRole('row').filter({ hasText: `upload ${uploadId} of station ${stationId}` })).toHaveCount(1);

    // Delete the station with confirmation; it leaves the list.
    await page.goto('/admin/stations');
    await page.getByPlaceholder(w.search).fill(stationName);
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `${w.deleteStation} ${stationName}`, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: w.yes, exact: true }).click();
    await expect(page.getByText(w.deleted)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: stationName })).toHaveCount(0);
    expect(
      (await request.get(`/api/stations/${stationId}`, { headers: { authorization: `Bearer ${owner.token}` } })).status(),
    ).toBe(404);

    // Its history shows the deletion.
    await page.goto(`/admin/history/station-${stationId}`);
    await expect(page.getByText(/^\d+\. StationDeleted$/)).toBeVisible();
  });
}
