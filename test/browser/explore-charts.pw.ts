import { expect, test, type Locator, type Page } from '@playwright/test';
import { DESKTOP, blockingViolations, keepScreenshot, makeOwner, prepare, seededStation, simulatedStation } from './stations';

/**
 * Charts that tell the truth at every zoom (issue 32 items 2 and 3): a drag across a chart zooms its
 * linked group, and a year of readings is drawn as daily means over their min–max envelope.
 */

const groupRange = async (page: Page, index = 0): Promise<[number, number]> => {
  const text = (await page.getByTestId('explore-group').nth(index).getAttribute('data-range')) ?? '';
  const [a, b] = text.split(',').map(Number);
  return [a!, b!];
};

const chartsSettled = async (page: Page) => {
  await expect(page.getByTestId('explore-chart').first()).toBeVisible();
  await expect(page.locator('[data-testid="explore-chart"][data-state="loading"]')).toHaveCount(0, { timeout: 30_000 });
};

const stationLink = (stationId: number) =>
  `/dashboard/explore?bookmark=${encodeURIComponent(JSON.stringify({ v: 1, g: [], s: [stationId], p: [], c: null }))}`;

/** The window a chart's panels were drawn over. */
const panelWindow = async (chart: Locator): Promise<[number, number]> => {
  const panel = chart.getByTestId('chart-panel').last();
  return [Number(await panel.getAttribute('data-x-start')), Number(await panel.getAttribute('data-x-end'))];
};

/** The chart margins (MARGIN_X in components/charts/chart-parts.tsx): the plot is between them. */
const MARGIN_LEFT = 64;
const MARGIN_RIGHT = 20;

test('a drag across a chart zooms its linked group (a brush while dragging); a click does not; keys zoom too; the scrubber shows the data (en-US, desktop)', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const { station } = await seededStation(request, 'Hudson at Kingston');
  await page.setViewportSize(DESKTOP);
  await prepare(page);
  // The quick ranges wait for the station's data range, which the demo seeder may still be writing.
  const all = page.getByRole('button', { name: 'All', exact: true });
  await expect
    .poll(
      async () => {
        await page.goto(stationLink(station.id));
        await chartsSettled(page);
        return all.isEnabled();
      },
      { timeout: 90_000, intervals: [2_000, 5_000] },
    )
    .toBe(true);
  await all.click();
  await chartsSettled(page);

  // Two linked charts in the group.
  const first = page.getByTestId('explore-chart').first();
  await first.getByRole('button', { name: 'Compare' }).click();
  await expect(page.getByTestId('explore-chart')).toHaveCount(2);
  await chartsSettled(page);
  const second = page.getByTestId('explore-chart').nth(1);
  const before = await groupRange(page);
  const span = before[1] - before[0];

  // The scrubber shows where the data is: a drawn overview of the group's series.
  const overview = page.getByTestId('scrubber-overview');
  await expect(overview).toBeVisible({ timeout: 20_000 });
  expect(((await overview.locator('path').first().getAttribute('d')) ?? '').length).toBeGreaterThan(50);

  await keepScreenshot(page, testInfo, 'explore-linked-before-drag');
  // Drag across the second chart from a quarter to three quarters of its plot.
  const area = second.getByTestId('chart-zoom-area');
  const box = (await area.boundingBox())!;
  const inner = box.width - MARGIN_LEFT - MARGIN_RIGHT;
  const at = (share: number) => ({ x: MARGIN_LEFT + inner * share, y: box.height / 2 });
  await area.hover({ position: at(0.25) });
  await page.mouse.down();
  await page.mouse.move(box.x + at(0.5).x, box.y + at(0.5).y, { steps: 4 });
  // While dragging: a brush over the span so far, and no zoom yet.
  const brush = second.getByTestId('chart-brush');
  await expect(brush).toBeVisible();
  const brushBox = (await brush.boundingBox())!;
  expect(Math.abs(brushBox.x - (box.x + at(0.25).x))).toBeLessThan(3);
  expect(Math.abs(brushBox.width - inner * 0.25)).toBeLessThan(3);
  expect(await groupRange(page)).toEqual(before);
  await page.mouse.move(box.x + at(0.75).x, box.y + at(0.75).y, { steps: 4 });
  await page.mouse.up();
  // On release: the zoom, the brush gone; both charts of the group follow.
  await expect(brush).toHaveCount(0);
  await expect
    .poll(async () => {
      const [a, b] = await groupRange(page);
      return [Math.round(((a - before[0]) / span) * 100), Math.round(((b - before[0]) / span) * 100)];
    })
    .toEqual([25, 75]);
  await expect(page.getByTestId('explore-group').first()).toHaveAttribute('data-fast-time', '-1');
  await chartsSettled(page);
  const zoomed = await groupRange(page);
  expect(await panelWindow(first)).toEqual(zoomed);
  expect(await panelWindow(second)).toEqual(zoomed);

  // A click without a drag zooms nowhere.
  await area.click({ position: at(0.5) });
  await page.waitForTimeout(600);
  expect(await groupRange(page)).toEqual(zoomed);

  // The keyboard: the chart takes focus; + zooms in to the middle half, − back out, → moves on.
  const firstArea = first.getByTestId('chart-zoom-area');
  await firstArea.focus();
  await expect(firstArea).toBeFocused();
  await page.keyboard.press('+');
  const middle = (zoomed[0] + zoomed[1]) / 2;
  const quarter = (zoomed[1] - zoomed[0]) / 4;
  await expect.poll(async () => groupRange(page)).toEqual([Math.round(middle - quarter), Math.round(middle + quarter)]);
  await chartsSettled(page);
  await first.getByTestId('chart-zoom-area').focus();
  await page.keyboard.press('-');
  await expect.poll(async () => (await groupRange(page)).map((v, i) => Math.abs(v - zoomed[i]!) <= 1)).toEqual([true, true]);
  await chartsSettled(page);
  await expect(second.getByTestId('chart-zoom-area')).toHaveAttribute('aria-keyshortcuts', /ArrowLeft/);
  expect(await blockingViolations(page, 'explore zoomed')).toEqual([]);

  // A bar chart zooms to the bars dragged across: its middle half here, the group with it.
  await second.getByRole('combobox', { name: 'Chart type' }).click();
  await page.getByRole('option', { name: 'Bar', exact: true }).click();
  await expect(second).toHaveAttribute('data-chart-type', 'bar');
  await chartsSettled(page);
  const barsBefore = await groupRange(page);
  const barArea = second.getByTestId('chart-zoom-area');
  const barBox = (await barArea.boundingBox())!;
  const barInner = barBox.width - MARGIN_LEFT - MARGIN_RIGHT;
  await barArea.hover({ position: { x: MARGIN_LEFT + barInner * 0.25, y: barBox.height / 2 } });
  await page.mouse.down();
  await page.mouse.move(barBox.x + MARGIN_LEFT + barInner * 0.75, barBox.y + barBox.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect
    .poll(async () => {
      const [a, b] = await groupRange(page);
      const whole = barsBefore[1] - barsBefore[0];
      return (b - a) / whole > 0.4 && (b - a) / whole < 0.6 && a > barsBefore[0] && b < barsBefore[1];
    })
    .toBe(true);
  await chartsSettled(page);
  expect(await panelWindow(first)).toEqual(await groupRange(page));
});

test('a year of readings: daily means over their min–max envelope, said by the badge; the range chart is the envelope; single readings have none (en-US, desktop)', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const owner = await makeOwner(request, 'year-envelope');
  // A year of hourly readings (the simulator's water temperature: seasons and a daily cycle).
  const stationId = await simulatedStation(request, owner, { name: 'A year of water', days: 365, stepSeconds: 3_600 });
  await page.setViewportSize(DESKTOP);
  await prepare(page, { owner });
  await page.goto(stationLink(stationId));
  await chartsSettled(page);
  const chart = page.getByTestId('explore-chart').first();
  // The water temperature: the first sensor of the station's first module with data.
  await expect(chart.getByRole('heading', { level: 3 })).toContainText('Temperature');

  await page.getByRole('button', { name: 'Year', exact: true }).click();
  await chartsSettled(page);
  const badge = chart.getByTestId('aggregation-badge');
  // Whole days (twelve hours would alternate day and night means), and the band said.
  await expect(badge).toHaveText('Mean of each 1 day · shaded: min–max');
  const panel = chart.getByTestId('chart-panel').first();
  const geometry = await panel.evaluate((el) => {
    const polygons = [...el.querySelectorAll('[data-testid="chart-envelope"]')];
    const bands = polygons.map((poly) => {
      const points = (poly.getAttribute('points') ?? '')
        .trim()
        .split(' ')
        .map((p) => p.split(',').map(Number) as [number, number]);
      const half = points.length / 2;
      const top = points.slice(0, half);
      const bottom = points.slice(half).reverse();
      return top.map(([x, y], i) => ({ x, top: y, bottom: bottom[i]![1] }));
    });
    const band = bands.flat();
    // The line: @nivo draws it as a path with a stroke and no fill.
    const line = [...el.querySelectorAll('path')].find((p) => p.getAttribute('fill') === 'none' && p.getAttribute('stroke'));
    const points = [...(line?.getAttribute('d') ?? '').matchAll(/[ML]([-\d.]+),([-\d.]+)/g)].map((m) => [
      Number(m[1]),
      Number(m[2]),
    ]);
    const inside = points.filter(([x, y]) => {
      const nearest = band.reduce((best, b) => (Math.abs(b.x - x!) < Math.abs(best.x - x!) ? b : best), band[0]!);
      return y! >= nearest.top - 1 && y! <= nearest.bottom + 1;
    }).length;
    const thickness = band.reduce((sum, b) => sum + (b.bottom - b.top), 0) / Math.max(1, band.length);
    return { polygons: polygons.length, buckets: band.length, points: points.length, inside, thickness };
  });
  // One band point a day, the daily range visibly thick, and the line of means inside it.
  expect(geometry.polygons).toBeGreaterThanOrEqual(1);
  expect(geometry.buckets).toBeGreaterThan(300);
  expect(geometry.buckets).toBeLessThanOrEqual(367);
  expect(geometry.thickness).toBeGreaterThan(3);
  expect(geometry.points).toBeGreaterThan(300);
  expect(geometry.inside).toBe(geometry.points);
  await keepScreenshot(page, testInfo, 'explore-year-envelope');

  // The range chart is that envelope, in fewer, wider buckets.
  await chart.getByRole('combobox', { name: 'Chart type' }).click();
  await page.getByRole('option', { name: 'Range', exact: true }).click();
  await chartsSettled(page);
  await expect(badge).toHaveText('Mean of each 2 days · shaded: min–max');
  await expect(chart.getByTestId('chart-envelope').first()).toHaveAttribute('fill-opacity', '0.35');
  await keepScreenshot(page, testInfo, 'explore-year-range');

  // A week of hourly readings is 20-minute buckets of one reading each: no envelope, none said (the control).
  await chart.getByRole('combobox', { name: 'Chart type' }).click();
  await page.getByRole('option', { name: 'Time series', exact: true }).click();
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await chartsSettled(page);
  await expect(badge).toHaveText('Mean of each 20 min');
  await expect(chart.getByTestId('chart-envelope')).toHaveCount(0);
  expect(await blockingViolations(page, 'explore year')).toEqual([]);
});

/** The first panel's line as drawn: its runs (moves) and the segments joining points (lines to). */
const lineShape = async (chart: Locator): Promise<{ runs: number; segments: number }> =>
  chart
    .getByTestId('chart-panel')
    .first()
    .evaluate((el) => {
      // @nivo draws a line as a path with a stroke and no fill.
      const line = [...el.querySelectorAll('path')].find((p) => p.getAttribute('fill') === 'none' && p.getAttribute('stroke'));
      const d = line?.getAttribute('d') ?? '';
      return { runs: (d.match(/M/g) ?? []).length, segments: (d.match(/L/g) ?? []).length };
    });

test('an hourly demo station stays a line at 20- and 30-minute buckets, broken only where readings are missing (en-US, desktop)', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(200_000);
  // The demo's weather station on the Rio Grande reads once an hour (apps/api/src/seed/demo-community.ts).
  const { station } = await seededStation(request, 'Bosque del Apache Road');
  await page.setViewportSize(DESKTOP);
  await prepare(page);
  const all = page.getByRole('button', { name: 'All', exact: true });
  // Its readings come after the other demo stations' (the seeder's order): until then, no chart.
  await expect
    .poll(
      async () => {
        await page.goto(stationLink(station.id));
        const chart = page.getByTestId('explore-chart').first();
        const drawn = await chart.waitFor({ state: 'visible', timeout: 10_000 }).then(
          () => true,
          () => false,
        );
        if (!drawn) return false;
        await chartsSettled(page);
        return all.isEnabled();
      },
      { timeout: 120_000, intervals: [2_000, 5_000] },
    )
    .toBe(true);
  const chart = page.getByTestId('explore-chart').first();
  const badge = chart.getByTestId('aggregation-badge');
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const today = new Date();
  const daysBack = (n: number) => new Date(today.getFullYear(), today.getMonth(), today.getDate() - n);

  // Eight days (the two of demo data in them): 20-minute buckets; fifteen days: 30-minute buckets.
  for (const [back, bucket] of [
    [7, '20 min'],
    [14, '30 min'],
  ] as const) {
    await page.getByLabel('To').first().fill(day(today));
    await page
      .getByLabel('From')
      .first()
      .fill(day(daysBack(back)));
    await expect(badge).toContainText(`each ${bucket}`, { timeout: 20_000 });
    await chartsSettled(page);
    await expect(chart).toHaveAttribute('data-state', 'drawn');
    // Two days of hourly readings: one line of about 48 points (before, each hourly bucket stood alone
    // between empty ones and the line broke at every hour: nothing but lone points).
    const shape = await lineShape(chart);
    expect(shape.segments).toBeGreaterThanOrEqual(30);
    expect(shape.runs).toBeLessThanOrEqual(2);
    await keepScreenshot(page, testInfo, `explore-hourly-${bucket.replace(' ', '-')}`);
  }

  // Its station page's tiny chart (the tail's buckets are finer than an hour) is a line too.
  await page.goto(`/dashboard/stations/${station.id}`);
  const tiny = page.getByRole('tabpanel').getByTestId('tiny-chart');
  await expect(tiny).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  const tinyShape = await tiny.evaluate((el) => {
    const line = [...el.querySelectorAll('path')].find((p) => p.getAttribute('fill') === 'none' && p.getAttribute('stroke'));
    const d = line?.getAttribute('d') ?? '';
    return { runs: (d.match(/M/g) ?? []).length, segments: (d.match(/L/g) ?? []).length };
  });
  expect(tinyShape.segments).toBeGreaterThanOrEqual(10);
  expect(tinyShape.runs).toBeLessThanOrEqual(2);
});

test('the scrubber overview draws every chart of a linked group, not only the first (en-US, desktop)', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { station } = await seededStation(request, 'Hudson at Kingston');
  const { station: other } = await seededStation(request, 'Alameda Bridge');
  await page.setViewportSize(DESKTOP);
  await prepare(page);
  const all = page.getByRole('button', { name: 'All', exact: true });
  await expect
    .poll(
      async () => {
        await page.goto(stationLink(station.id));
        await chartsSettled(page);
        return all.isEnabled();
      },
      { timeout: 90_000, intervals: [2_000, 5_000] },
    )
    .toBe(true);
  const overviewSeries = page.getByTestId('scrubber-overview').locator('g[data-series]');
  await expect(overviewSeries.first()).toBeAttached({ timeout: 20_000 });
  const stationsDrawn = async () =>
    [
      ...new Set(
        (await overviewSeries.evaluateAll((gs) => gs.map((g) => g.getAttribute('data-series') ?? ''))).map((id) =>
          Number(id.split('-')[0]),
        ),
      ),
    ].sort((a, b) => a - b);
  // The control: one chart, its station only.
  expect(await stationsDrawn()).toEqual([station.id]);

  // Compare, and move the linked copy to a station of another project.
  await page.getByTestId('explore-chart').first().getByRole('button', { name: 'Compare' }).click();
  await expect(page.getByTestId('explore-chart')).toHaveCount(2);
  const second = page.getByTestId('explore-chart').nth(1);
  const picker = second.getByRole('combobox', { name: 'Series 1: station' });
  await picker.click();
  await picker.fill(other.name.slice(0, 7));
  await page.getByRole('option', { name: new RegExp(`^${other.name}`) }).click();
  await expect(second.getByRole('heading', { level: 3 })).toContainText(other.name);
  await chartsSettled(page);
  // The overview now holds both charts' series, each drawn (a line of many points).
  await expect.poll(stationsDrawn, { timeout: 30_000 }).toEqual([station.id, other.id].sort((a, b) => a - b));
  for (const g of await overviewSeries.all()) {
    expect(((await g.locator('path').last().getAttribute('d')) ?? '').length).toBeGreaterThan(50);
  }
});
