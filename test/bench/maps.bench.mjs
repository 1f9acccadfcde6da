// npm run bench:maps: the stations endpoint of the maps and the all-stations map, at 10,000 stations.
// Runs the built product in this process (embedded stores, no demo: SEED_DEMO_DATA=false), signs a
// bench account up and seeds BENCH_STATIONS (default 10,000) stations of its own: each registered and
// deployed by the product's own commands (RegisterStation, UpdateStation through the command bus,
// as the demo seeder does: through HTTP each command would also wait for the projections, and
// 20,000 of them take most of an hour here) at a place spread over the continental United States;
// one in BENCH_READINGS_EVERY (default 100) also gets three water-temperature readings by CSV import
// over HTTP, so answers carry latest values. Then it prints:
//   1. GET /api/stations/map over HTTP with the account's token (every station, and a viewport; the
//      row form gzipped, and the columns form the web app asks for, brotli as a browser takes it):
//      p50 and p95 over BENCH_RUNS (default 40) calls (target ≤ 100 ms for 10,000 stations), and the
//      first call's time (on the first line, the process's first: nothing kept yet, as after a write);
//   2. in Chromium, signed in, the time from navigating to /dashboard/stations/map to the first
//      markers (or clusters) seen in the page (looked for on every frame; target ≤ 1.5 s), and by the
//      page's own clock when the first went in and the frame after it ended; median and worst of
//      BENCH_BROWSER_RUNS (default 5) runs, each in a fresh browser context (the first one is a cold start of the
//      browser's caches); each run's line says when the stations answer came and the map was ready;
//   3. after the last run, pan and zoom: the gaps between frames while the mouse drags the map across
//      and back and the wheel zooms in four steps and out again (median, 95th percentile and worst gap,
//      and frames over 50 ms: smooth is about 16 ms at 60 Hz; headless software rendering here draws
//      slower), each on a page of its own opened on the view the all-stations map fits to the stations:
//      with the markers, and (the control) the same view and gestures with the stations' answer emptied
//      on its way to the page, so the same basemap is drawn with no marker or cluster in the page: the
//      difference is what the markers cost. The pair is measured BENCH_PAN_ROUNDS (default 2) times,
//      alternately; then once over the open Atlantic (no station and little geography to draw: what
//      the software rendering of a near-empty map costs here);
//   4. the same three pan-and-zoom passes again, traced (Chromium's trace through Playwright, with V8's
//      CPU profile; frame-trace.mjs says which trace events are summed and why): per frame, p50/p95 of
//      the renderer main thread's busy time (wall and thread CPU), of its own work (busy less the time
//      it waits for the GPU process to have drawn the WebGL canvas: the rasterizer's time, not ours),
//      split into JS, GC, style/layout, paint/commit and the canvas's read-back, with MapLibre's render
//      call and the markers' code from the profile; beside the rasterizer's threads (GPU process main
//      thread, display compositor, renderer compositor and raster tasks), and each process's whole CPU
//      a frame from /proc (SwiftShader's own threads, which the trace does not see). Apart from part 3,
//      since tracing lengthens the gaps; BENCH_TRACE_ROUNDS (default 1) rounds of it, BENCH_TRACE_DIR
//      keeps each raw trace (DevTools' Performance panel opens it).
// BENCH_GL_ARGS replaces Chromium's --disable-gpu (another software GL path, to compare).
// BENCH_SERVER_ONLY=1 stops after part 1 (no browser); BENCH_WRITES (default 7) sets the renames timed there.
// A benchmark: it prints figures and checks nothing. BENCH_DATA_DIR keeps the data folder (seeded
// once, measured again by later runs); otherwise a fresh one is removed afterwards.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CommandBus } from '@nestjs/cqrs';
/* global window, document, requestAnimationFrame, MutationObserver */
import { chromium } from '@playwright/test';
import { createApiApp } from '@groundtruth/api';
import { createLogger, loadConfig, openRuntime } from '@groundtruth/platform';
import { benchCaller, signUpFromOutbox } from './bench-accounts.mjs';
import { inParallel, seedBenchStations } from './bench-stations.mjs';
import { FRAME_TRACE_CATEGORIES, FRAME_TRACE_NOTE, chromiumCpu, describeFrames, frameCosts } from './frame-trace.mjs';

const STATIONS = Number(process.env.BENCH_STATIONS ?? 10_000);
const READINGS_EVERY = Number(process.env.BENCH_READINGS_EVERY ?? 100);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const BROWSER_RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? 5);
const PAN_ROUNDS = Number(process.env.BENCH_PAN_ROUNDS ?? 2);
/** Rounds of the traced pan and zoom (markers, control, Atlantic), after the untraced ones. */
const TRACE_ROUNDS = Number(process.env.BENCH_TRACE_ROUNDS ?? 1);
/**
 * How Chromium draws (default `--disable-gpu`, as the browser tests run it): BENCH_GL_ARGS, space-separated,
 * to compare other software paths, e.g. `--use-angle=swiftshader --enable-unsafe-swiftshader`.
 */
const GL_ARGS = (process.env.BENCH_GL_ARGS ?? '--disable-gpu').split(' ').filter(Boolean);
/** A folder to keep each traced pass's raw trace in (open it in DevTools' Performance panel). */
const TRACE_DIR = process.env.BENCH_TRACE_DIR;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
/** Writes timed for the first call after a write (each a rename, then one map call). */
const WRITES = Number(process.env.BENCH_WRITES ?? 7);
/** BENCH_SERVER_ONLY=1: part 1 only (the HTTP calls), no browser: `npm run build:server && BENCH_SERVER_ONLY=1 node test/bench/maps.bench.mjs`. */
const SERVER_ONLY = process.env.BENCH_SERVER_ONLY === '1';
/** A data folder to keep (seeded once, measured again on later runs); otherwise a fresh one, removed afterwards. */
const KEPT_DIR = process.env.BENCH_DATA_DIR;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const fmt = (n) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });

const dataDir = KEPT_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'gt-bench-maps-'));
mkdirSync(dataDir, { recursive: true });
if (TRACE_DIR) mkdirSync(TRACE_DIR, { recursive: true });
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  SEED_DEMO_DATA: 'false',
  AUTH_RATE_LIMIT: '100000',
  ACCESS_TOKEN_TTL_SECONDS: '86400',
  PORT: '0',
});
const runtime = await openRuntime(config, createLogger(config.logLevel));
const app = await createApiApp(runtime, { projector: true, port: 0 });
const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;
const bus = app.get(CommandBus);

const api = benchCaller(base);

try {
  const tokenFile = path.join(dataDir, 'bench-token.txt');
  let token = existsSync(tokenFile) ? readFileSync(tokenFile, 'utf8') : undefined;
  if (token) console.log('measuring the stations already there');
  else {
    token = await signUpFromOutbox(api, dataDir, 400);
    // A public project first, so the stations do not go into a new private one.
    await api('POST', '/api/projects', {
      token,
      body: { name: 'Bench project', description: 'd', goal: 'g', location: 'United States', privacy: 1 },
    });
    const { body: me } = await api('GET', '/api/user', { token });
    const started = Date.now();
    const minute = (ms) => new Date(Math.floor(ms / 60_000) * 60_000).toISOString();
    const ids = await seedBenchStations(bus, me.id, { count: STATIONS, concurrency: CONCURRENCY });
    // The projections catch up (the commands did not wait for them).
    for (;;) {
      const { body } = await api('GET', '/api/stations/map', { token });
      const deployed = body.stations.filter((s) => s.location !== null).length;
      if (deployed >= STATIONS) break;
      await sleep(1000);
    }
    const now = Date.now();
    await inParallel(Math.ceil(STATIONS / READINGS_EVERY), CONCURRENCY, async (i) => {
      const n = i * READINGS_EVERY;
      const rows = [3, 2, 1].map((h) => `${minute(now - h * 3_600_000)},${(10 + ((n + h) % 10)).toFixed(1)}`);
      await api('POST', `/api/data/stations/${ids[n]}/csv`, {
        token,
        body: `time,fk.water.temp.temp\n${rows.join('\n')}\n`,
        headers: { 'content-type': 'text/csv' },
      });
    });
    console.log(`seeded ${fmt(STATIONS)} stations in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    if (KEPT_DIR) writeFileSync(tokenFile, token);
  }

  // 1. The endpoint over HTTP, with the token (compressed, as a browser asks for it).
  const measure = async (query, encoding = 'gzip') => {
    const times = [];
    let answer = null;
    let first = 0;
    for (let run = 0; run < RUNS + 2; run++) {
      const t0 = performance.now();
      answer = await api('GET', `/api/stations/map${query}`, { token, headers: { 'accept-encoding': encoding } });
      if (run === 0) first = performance.now() - t0;
      if (run >= 2) times.push(performance.now() - t0);
    }
    const columns = answer.body.format === 'columns';
    const count = columns ? answer.body.id.length : answer.body.stations.length;
    const withReading = columns ? answer.body.reading.at.length : answer.body.stations.filter((s) => s.reading !== null).length;
    console.log(
      `GET /api/stations/map${query} (${encoding}): ${fmt(count)} stations (${fmt(withReading)} with a reading, ` +
        `${fmt(answer.bytes / 1024)} KiB of JSON): p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms over ${RUNS} calls (target ≤ 100 ms); first call ${first.toFixed(1)} ms`,
    );
  };
  await measure('');
  await measure('?bbox=-75,40,-73,42');
  await measure('?format=columns', 'br, gzip');
  await measure('?format=columns&bbox=-75,40,-73,42', 'br, gzip');

  // The first answer after a write in a warm process (the first calls above are also the process's
  // first: nothing kept, and its code not yet compiled). Each round renames a station (a read-model
  // write; the call returns once the projections have it) and times the next map call, which must
  // read everything again; the answer is checked to carry the new name.
  {
    const { body } = await api('GET', '/api/stations/map', { token });
    const own = body.stations.find((s) => s.mine) ?? body.stations[0];
    const times = [];
    let fresh = 0;
    let { version } = (await api('GET', `/api/stations/${own.id}`, { token })).body;
    for (let i = 0; i < WRITES; i++) {
      const name = `Bench renamed ${Date.now()}`;
      ({ version } = (await api('PATCH', `/api/stations/${own.id}`, { token, body: { name, version } })).body);
      const t0 = performance.now();
      const answer = await api('GET', '/api/stations/map?format=columns', { token, headers: { 'accept-encoding': 'br, gzip' } });
      times.push(performance.now() - t0);
      if (answer.body.name[answer.body.id.indexOf(own.id)] === name) fresh++;
    }
    console.log(
      `GET /api/stations/map?format=columns, first call after a write (a station renamed), warm process: median ${percentile(times, 50).toFixed(1)} ms, worst ${Math.max(...times).toFixed(1)} ms over ${times.length} writes (target ≤ 100 ms); ${fresh} of ${times.length} answers carried the new name`,
    );
  }

  /** Drags the map across and back and zooms in four wheel steps and out again, timing the frames between. */
  const panAndZoom = async (page, label, trace) => {
    await page.waitForTimeout(1000);
    const box = await page.locator('[data-map-ready="true"]').boundingBox();
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const cpuBefore = trace ? chromiumCpu() : null;
    if (trace) await trace.browser.startTracing(page, { categories: FRAME_TRACE_CATEGORIES });
    await page.evaluate(() => {
      window.__gaps = [];
      window.__stop = false;
      let last = performance.now();
      const tick = (now) => {
        window.__gaps.push(now - last);
        last = now;
        if (!window.__stop) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx - 300, cy - 100, { steps: 30 });
    await page.mouse.move(cx + 100, cy + 50, { steps: 30 });
    await page.mouse.up();
    for (const dy of [-240, -240, -240, -240, 240, 240, 240, 240]) {
      await page.mouse.wheel(0, dy);
      await page.waitForTimeout(250);
    }
    await page.waitForTimeout(500);
    const gaps = await page.evaluate(() => {
      window.__stop = true;
      return window.__gaps.slice(1);
    });
    const traced = trace ? await trace.browser.stopTracing() : null;
    const cpuAfter = trace ? chromiumCpu() : null;
    const drawnAfter = await page.locator('.gt-map-marker').count();
    console.log(
      `  ${label}: ${fmt(gaps.length)} frames, gap median ${percentile(gaps, 50).toFixed(0)} ms, p95 ${percentile(gaps, 95).toFixed(0)} ms, ` +
        `worst ${Math.max(...gaps).toFixed(0)} ms, ${gaps.filter((g) => g > 50).length} over 50 ms (${fmt(drawnAfter)} markers and clusters in the page after)` +
        (traced ? ', traced:' : ''),
    );
    if (traced) {
      if (TRACE_DIR) writeFileSync(path.join(TRACE_DIR, `${trace.name}.json`), traced);
      for (const line of describeFrames(frameCosts(JSON.parse(traced.toString('utf8')), cpuBefore, cpuAfter)))
        console.log(`    ${line}`);
    }
  };

  /** The stations' answer with every column emptied: the page gets no station, and so no marker. */
  const emptyAnswer = async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    const empty = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Array.isArray(v) ? [] : v]));
    await route.fulfill({ response: res, json: { ...empty(body), ...(body.reading ? { reading: empty(body.reading) } : {}) } });
  };

  /**
   * The bounds the all-stations map fits to the stations (spec §9, boundsAround in the web app's
   * map-geometry.ts): theirs with a margin of 50,000 units per degree of their largest span, at 288,200
   * units a degree of longitude and 364,000 of latitude. Opened as a bounds address, it is the same view
   * whatever the stations' answer holds.
   */
  const fittedView = async () => {
    const { body } = await api('GET', '/api/stations/map', { token });
    const at = body.stations.flatMap((s) => (s.location ? [s.location] : []));
    const lngs = at.map(([lng]) => lng);
    const lats = at.map(([, lat]) => lat);
    const [west, east, south, north] = [Math.min(...lngs), Math.max(...lngs), Math.min(...lats), Math.max(...lats)];
    const margin = Math.max(east - west, north - south) * 50_000;
    const r = (n) => Math.round(n * 1e6) / 1e6;
    return [
      [r(Math.max(-180, west - margin / 288_200)), r(Math.max(-85, south - margin / 364_000))],
      [r(Math.min(180, east + margin / 288_200)), r(Math.min(85, north + margin / 364_000))],
    ];
  };

  if (!SERVER_ONLY) {
    // 2. Chromium: navigation to the first markers drawn.
    const browser = await chromium.launch({
      executablePath: process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', ...GL_ARGS],
    });
    const firsts = [];
    const drawnInPage = [];
    for (let run = 0; run < BROWSER_RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript((t) => {
        window.localStorage.setItem('gt.token', t);
        // The page's own clock: when the first marker went into the page, and the frame after (drawn).
        window.__firstMarker = {};
        new MutationObserver((_, observer) => {
          if (!document.querySelector('.gt-map-marker')) return;
          observer.disconnect();
          const at = window.__firstMarker;
          at.inPage = performance.now();
          requestAnimationFrame(() => setTimeout(() => (at.drawn = performance.now()), 0));
        }).observe(document, { childList: true, subtree: true });
      }, token);
      const page = await context.newPage();
      const t0 = Date.now();
      const phases = {};
      page.on('request', (req) => {
        if (new URL(req.url()).pathname === '/api/stations/map') phases['stations asked'] ??= Date.now() - t0;
      });
      page.on('response', (res) => {
        const at = new URL(res.url()).pathname;
        if (at === '/api/stations/map' || at.endsWith('.pbf') || at.includes('basemap')) phases[at] ??= Date.now() - t0;
      });
      await page.goto(`${base}/dashboard/stations/map`, { waitUntil: 'commit' });
      // Looked for in the page on every frame: waitForSelector retries at 500 ms steps after its first few
      // tries, which rounded the figure up by as much.
      const seen = (selector) =>
        page.waitForFunction((s) => document.querySelector(s) !== null, selector, { polling: 'raf', timeout: 60_000 });
      await seen('[data-map-ready="true"]');
      phases['map ready'] = Date.now() - t0;
      await seen('.gt-map-marker');
      const first = Date.now() - t0;
      await page.waitForFunction(() => window.__firstMarker.drawn !== undefined);
      const inPage = await page.evaluate(() => window.__firstMarker);
      phases['in the page (since navigation start)'] = inPage.inPage;
      phases['the frame after'] = inPage.drawn;
      const drawn = await page.locator('.gt-map-marker').count();
      const clusters = await page.locator('.gt-map-cluster').count();
      firsts.push(first);
      drawnInPage.push(inPage.drawn);
      console.log(
        `  run ${run + 1}: first markers at ${fmt(first)} ms (${fmt(drawn)} on screen, ${fmt(clusters)} of them clusters); ` +
          Object.entries(phases)
            .map(([k, v]) => `${k} ${fmt(v)} ms`)
            .join(', '),
      );
      if (run === BROWSER_RUNS - 1) {
        // Each on a fresh page of this context (the basemap's files cached, as a visitor's second visit).
        const fitted = `${base}/dashboard/stations/all/${encodeURIComponent(JSON.stringify(await fittedView()))}`;
        const panOn = async (address, label, { bare = false, markers = !bare, traced } = {}) => {
          const other = await context.newPage();
          // The control: the stations' answer emptied (every column and reading column), so the page has
          // no marker or cluster at all (none made, placed or clustered), and the map keeps the same view.
          if (bare) await other.route('**/api/stations/map**', emptyAnswer);
          await other.goto(address);
          await other.locator('[data-map-ready="true"]').waitFor();
          if (markers) await other.locator('.gt-map-marker').first().waitFor();
          // The basemap's geography is added after the markers: measured once it is in and drawn.
          await other.waitForLoadState('networkidle');
          await other.waitForTimeout(1000);
          await panAndZoom(other, label, traced && { browser, name: traced });
          await other.close();
        };
        const atlantic = `${base}/dashboard/stations/all/${encodeURIComponent(
          JSON.stringify([
            [-40, 20],
            [-30, 30],
          ]),
        )}`;
        const views = (round, traced) => [
          () =>
            panOn(fitted, "pan and zoom, the stations' view with its markers", traced ? { traced: `markers-${round + 1}` } : {}),
          () =>
            panOn(fitted, "control, the same view and gestures without the markers (stations' answer emptied)", {
              bare: true,
              ...(traced && { traced: `control-${round + 1}` }),
            }),
        ];
        for (let round = 0; round < PAN_ROUNDS; round++) for (const view of views(round, false)) await view();
        await panOn(atlantic, 'control, the open Atlantic (no stations, little geography to draw)', { markers: false });
        // 4. The same gestures again, traced: where each frame's time goes (frame-trace.mjs). Apart from
        // the gaps above, which the tracing itself would lengthen.
        for (let round = 0; round < TRACE_ROUNDS; round++) {
          console.log(`traced pan and zoom, round ${round + 1} of ${TRACE_ROUNDS} (${FRAME_TRACE_NOTE}):`);
          for (const view of views(round, true)) await view();
          await panOn(atlantic, 'control, the open Atlantic', { markers: false, traced: `atlantic-${round + 1}` });
        }
      }
      await context.close();
    }
    await browser.close();
    console.log(
      `first markers drawn after navigating to /dashboard/stations/map (target ≤ 1500 ms): median ${fmt(percentile(firsts, 50))} ms, worst ${fmt(Math.max(...firsts))} ms over ${BROWSER_RUNS} runs; ` +
        `by the page's clock, the frame after the first went in: median ${fmt(percentile(drawnInPage, 50))} ms, worst ${fmt(Math.max(...drawnInPage))} ms`,
    );
  }
} finally {
  await app.close();
  await runtime.close();
  if (!KEPT_DIR) rmSync(dataDir, { recursive: true, force: true });
}
