/* global document */
// npm run bench:first-markers: in Chromium, anonymous, the time from navigating to a map page of a running
// product to its first station marker in the page (issue 32 item 5: within 1.5 s on the demo data, also on
// a busy machine). Measures the product at BENCH_URL (start it the README's way, or run it beside
// `npm run bench:load` for the busy figure); BENCH_PATH (default the all-stations map), BENCH_RUNS (default 7),
// each run in a fresh browser context (nothing cached). Prints every run, the median and the worst, and the
// load average before and after.
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';

const base = process.env.BENCH_URL;
if (!base) {
  console.error('BENCH_URL is needed: the address of a running product (e.g. http://localhost:3000)');
  process.exit(2);
}
const path = process.env.BENCH_PATH ?? '/dashboard/stations/map';
const runs = Number(process.env.BENCH_RUNS ?? 7);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

console.log(`load at start: ${load()}; ${base}${path}, ${runs} runs`);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--disable-gpu'],
});
const times = [];
try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const t0 = Date.now();
    await page.goto(`${base}${path}`, { waitUntil: 'commit' });
    // Looked for on every frame (waitForSelector's later retries are 500 ms apart).
    await page.waitForFunction(() => document.querySelector('.gt-map-marker') !== null, null, {
      polling: 'raf',
      timeout: 30_000,
    });
    times.push(Date.now() - t0);
    await context.close();
  }
} finally {
  await browser.close();
}
const sorted = [...times].sort((a, b) => a - b);
console.log(`first marker after navigating (target ≤ 1500 ms): ${times.join(', ')} ms`);
console.log(`median ${sorted[Math.floor(sorted.length / 2)]} ms, worst ${sorted.at(-1)} ms over ${runs} runs`);
console.log(`load at the end: ${load()}`);
