import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { blockingViolations, makeOwner, prepare, simulatedStation, type Owner } from './stations';

/** The analysis page: write a query, run it, chart it and download it, in both languages. */

let owner: Owner;
let station: number;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  owner = await makeOwner(request, 'analysis');
  station = await simulatedStation(request, owner, { name: 'Analysis river' });
});

const hourly = () =>
  `SELECT toStartOfHour(time) AS hour, avg(value) AS mean, count() AS readings\nFROM readings\nWHERE station_id = ${station}\nGROUP BY hour\nORDER BY hour`;

const journey = async (
  page: Page,
  labels: { nav: string; editor: string; run: string; rows: RegExp; chart: string; csv: string },
) => {
  // Found from the sidebar, as a signed-in person finds it.
  await page.goto('/projects');
  await page.getByRole('link', { name: labels.nav, exact: true }).first().click();
  await expect(page).toHaveURL(/\/analysis$/);
  const editor = page.getByLabel(labels.editor);
  await editor.fill(hourly());
  await page.getByRole('button', { name: labels.run }).click();
  await expect(page.getByRole('status')).toHaveText(labels.rows);
  // The table: one row per hour of the simulated day.
  await expect(page.getByRole('table').getByRole('row')).not.toHaveCount(1);
  await page.getByRole('tab', { name: labels.chart }).click();
  await expect(page.locator('svg path').first()).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: labels.csv }).click();
  const file = await (await download).path();
  const text = await readFile(file, 'utf8');
  expect(text.split('\n')[0]).toBe('"hour","mean","readings"');
  expect(text.trim().split('\n').length).toBeGreaterThan(2);
};

test('writes, runs, charts and downloads a query (en-US)', async ({ page }) => {
  await prepare(page, { owner });
  await journey(page, {
    nav: 'Analysis',
    editor: 'SQL query',
    run: 'Run',
    rows: /^\d+ rows in \d+ ms$/,
    chart: 'Chart',
    csv: 'Download CSV',
  });
  // The schema sits beside the editor, with the owner's station in it.
  await expect(page.getByRole('region', { name: 'What a query may read' })).toContainText('Analysis river');
  expect(await blockingViolations(page, 'analysis')).toEqual([]);
});

test('escribe, ejecuta, grafica y descarga una consulta (es-ES)', async ({ page }) => {
  await prepare(page, { owner, locale: 'es-ES' });
  await journey(page, {
    nav: 'Análisis',
    editor: 'Consulta SQL',
    run: 'Ejecutar',
    rows: /^\d+ filas en \d+ ms$/,
    chart: 'Gráfico',
    csv: 'Descargar CSV',
  });
});

test('refuses a query with a message a researcher understands, and keeps a query in a link', async ({ page }) => {
  await prepare(page, { owner });
  await page.goto(`/analysis?sql=${encodeURIComponent('SELECT * FROM system.tables')}`);
  await expect(page.getByLabel('SQL query')).toHaveValue('SELECT * FROM system.tables');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('alert')).toContainText('Table system.tables cannot be read here');
});
