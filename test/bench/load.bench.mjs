// npm run bench:load: a storm on the demo data. The built product is started the README's way (one
// process, embedded stores, the demo seeded once) and, once the demo's readings are in, a bounded load
// generator on loopback runs BENCH_CLIENTS clients (default 100) for BENCH_DURATION_S (default 600):
// anonymous visitors opening the flood map and its project, station pages with their tiny charts and
// explore links (windows asked before and new ones), the status page; signed-in users editing their
// projects and station notes (BENCH_EDITORS of the clients, a pause of BENCH_EDIT_PAUSE_MS between
// edits); and BENCH_UPLOAD_STATIONS stations uploading a minute of readings every minute. Prints
// requests/s, p50/p95/p99 per kind of request, errors and 5xx, and the product's RSS at the start,
// middle and end (and its spread over the last 5 minutes). A benchmark: it prints figures and checks
// nothing. BENCH_DEMO_DAYS (default 365) sets the demo's days; BENCH_DATA_DIR keeps (and reuses) the
// data folder, so a second run skips the seeding. BENCH_CPU_PROFILE=<folder> runs the product with
// --cpu-prof into that folder (written when it stops) and prints where its event loop's time went, per
// file of the product, so a short run shows what each kind of request costs (BENCH_DURATION_S=60).
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, existsSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { clearInterval, setInterval } from 'node:timers';
import { benchCaller, signUpFromOutbox } from './bench-accounts.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 600);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100);
const EDITORS = Math.min(CLIENTS, Number(process.env.BENCH_EDITORS ?? 10));
const EDIT_PAUSE_MS = Number(process.env.BENCH_EDIT_PAUSE_MS ?? 1000);
const UPLOADERS = Number(process.env.BENCH_UPLOAD_STATIONS ?? 20);
const DEMO_DAYS = process.env.BENCH_DEMO_DAYS ?? '365';
const FLOOD_PROJECT = 174;
const MINUTE = 60_000;
const DAY = 86_400_000;

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

// The product, started as `npm start` starts it (the npm script built it first).
const keep = process.env.BENCH_DATA_DIR;
const dataDir = keep ? path.resolve(keep) : mkdtempSync(path.join(os.tmpdir(), 'gt-bench-load-'));
if (keep && !existsSync(dataDir)) mkdirSync(dataDir, { recursive: true });
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const profileDir = process.env.BENCH_CPU_PROFILE ? path.resolve(process.env.BENCH_CPU_PROFILE) : null;
const product = spawn(
  process.execPath,
  [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), 'apps/api/dist/main.js'],
  {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: process.env.EMBEDDED_PG_PORT ?? String(await freePort()),
      LOG_LEVEL: 'warn',
      SEED_DEMO_DAYS: DEMO_DAYS,
      // The bench's own sign-ups all come from loopback: a second run on a kept folder within the
      // limit's window was refused (429) before the load began.
      AUTH_RATE_LIMIT: process.env.AUTH_RATE_LIMIT ?? '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
let stopped = false;
const stop = async () => {
  if (stopped) return;
  stopped = true;
  product.kill('SIGTERM');
  await new Promise((r) => (product.exitCode !== null ? r() : product.once('exit', r)));
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGINT', () => void stop().then(() => process.exit(130)));
process.on('SIGTERM', () => void stop().then(() => process.exit(143)));

const rssMb = () => {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${product.pid}/status`, 'utf8'))?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return null;
  }
};

const api = benchCaller(base);
const getJson = async (p, token) => (await api('GET', p, { token })).body;

// One keep-alive pool for the load: every client a socket at most.
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS + UPLOADERS + 10 });
/** One request, its body drained (compressed, as a browser asks): answers status and the text when `read`. */
const request = (method, url, { token, body, headers = {}, read = false } = {}) =>
  new Promise((resolve) => {
    const payload =
      body === undefined ? undefined : typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body);
    const req = http.request(
      `${base}${url}`,
      {
        method,
        agent,
        headers: {
          ...(read ? {} : { 'accept-encoding': 'br, gzip' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload !== undefined ? { 'content-length': String(Buffer.byteLength(payload)) } : {}),
          ...(payload !== undefined && typeof body === 'object' && !(body instanceof Uint8Array)
            ? { 'content-type': 'application/json' }
            : {}),
          ...headers,
        },
      },
      (res) => {
        const parts = [];
        res.on('data', (chunk) => read && parts.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, text: read ? Buffer.concat(parts).toString('utf8') : '' }));
        res.on('error', () => resolve({ status: 0, text: '' }));
      },
    );
    req.on('error', () => resolve({ status: 0, text: '' }));
    if (payload !== undefined) req.write(payload);
    req.end();
  });

/** Per kind of request: latencies (ms) and failures, counted only while `measuring`. */
const kinds = new Map();
let measuring = false;
const timed = async (kind, method, url, options) => {
  const t0 = performance.now();
  const answer = await request(method, url, options);
  if (measuring) {
    const k = kinds.get(kind) ?? { ms: [], errors: 0, fiveXX: 0, statuses: new Map() };
    k.ms.push(performance.now() - t0);
    if (answer.status >= 400 || answer.status === 0) {
      k.errors += 1;
      k.statuses.set(answer.status, (k.statuses.get(answer.status) ?? 0) + 1);
    }
    if (answer.status >= 500 || answer.status === 0) k.fiveXX += 1;
    kinds.set(kind, k);
  }
  return answer;
};

try {
  console.log(`load at start: ${load()}; data folder ${dataDir}`);
  for (let i = 0; ; i++) {
    try {
      await getJson('/api/status');
      break;
    } catch {
      if (i > 600) throw new Error('the product did not start');
      await sleep(1000);
    }
  }
  // The demo's readings all in: no upload unprocessed and every demo station's samples unchanged, twice 5 s apart.
  const { projects } = await getJson('/api/projects');
  const publicStations = new Map();
  for (const p of projects) {
    const { stations } = await getJson(`/api/projects/${p.id}/stations`).catch(() => ({ stations: [] }));
    for (const s of stations) publicStations.set(s.id, s);
  }
  const settled = async () => {
    const { ingestions } = await getJson('/api/status');
    const samples = [];
    for (const id of publicStations.keys()) samples.push((await getJson(`/api/stations/${id}`)).data?.numberOfSamples ?? 0);
    const idle =
      ingestions !== null && ingestions.lag === 0 && ingestions.received + ingestions.processing + ingestions.waiting === 0;
    return `${samples.join(',')}|${idle}`;
  };
  const seedStart = Date.now();
  for (let last = '', i = 0; ; i++) {
    const now = await settled();
    if (now === last && now.endsWith('|true') && !now.startsWith('0|')) break;
    if (i > 720) throw new Error('the demo readings did not settle in an hour');
    if (i % 12 === 0) console.log(`waiting for the demo readings (${Math.round((Date.now() - seedStart) / 1000)} s): ${now}`);
    last = now;
    await sleep(5000);
  }

  // What visitors open: the public stations with data, their sensors, and their data's span.
  const stations = [];
  for (const id of publicStations.keys()) {
    const s = await getJson(`/api/stations/${id}`);
    if (!s.data) continue;
    const sensors = s.configurations.all[0].modules.flatMap((m) =>
      m.internal ? [] : m.sensors.filter((x) => x.sensorId !== null).map((x) => ({ moduleId: m.id, sensorId: x.sensorId })),
    );
    if (sensors.length > 0) stations.push({ id, sensors, start: Date.parse(s.data.start), end: Date.parse(s.data.end) + 1 });
  }
  if (stations.length === 0) throw new Error('no public station with readings');
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const chartUrl = (station, start, end, resolution) =>
    `/api/sensors/data?stations=${station.id}&sensors=${station.sensors
      .slice(0, 2)
      .map((x) => x.sensorId)
      .join(',')}&start=${start}&end=${end}&resolution=${resolution}&format=columns`;
  // Explore links asked before: each station's day, week, month and year before its latest reading, on whole hours.
  const askedBefore = stations.flatMap((s) => {
    const end = Math.floor(s.end / 3_600_000) * 3_600_000;
    return [1, 7, 30, 365].map((days) => chartUrl(s, Math.max(s.start, end - days * DAY), end, 1000));
  });
  // New windows: a random span (a day to a month) ending at a random second inside the data, never asked before.
  const newWindow = () => {
    const s = pick(stations);
    const span = pick([1, 3, 7, 14, 30]) * DAY;
    const end = s.start + span + Math.floor((Math.random() * Math.max(1, s.end - s.start - span)) / 1000) * 1000;
    return chartUrl(s, end - span, end, 500);
  };

  // Signed-in editors: each with a project and a station of their own; uploaders: stations of one bench user.
  const editors = [];
  for (let i = 0; i < EDITORS; i++) {
    const token = await signUpFromOutbox(api, dataDir);
    const project = (
      await api('POST', '/api/projects', {
        token,
        body: { name: `Storm ${i}`, description: 'd', goal: 'g', location: 'l', privacy: 1 },
      })
    ).body;
    const deviceId = randomBytes(8).toString('hex');
    const station = (await api('POST', '/api/stations', { token, body: { deviceId, name: `Storm editor ${i}` } })).body;
    editors.push({ token, projectId: project.id, stationId: station.id });
  }
  const { simulatedStation, metaFile, dataFile } = await import('../../apps/api/dist/simulator/upload-station.js').then(
    async (m) => ({
      ...m,
      ...(await import('../../apps/api/dist/simulator/station-files.js')),
    }),
  );
  const uploaderToken = UPLOADERS > 0 ? await signUpFromOutbox(api, dataDir) : null;
  const uploaders = [];
  for (let i = 0; i < UPLOADERS; i++) {
    const deviceHex = randomBytes(8).toString('hex');
    const station = simulatedStation({
      deviceHex,
      kind: 'flood',
      site: { latitude: 40.7 + i * 0.001, longitude: -74 },
      seed: deviceHex,
    });
    const headers = (type, blocks) => ({
      'content-type': 'application/vnd.fk.data+binary',
      'fk-deviceid': deviceHex,
      'fk-generation': Buffer.from(station.generation).toString('hex'),
      'fk-type': type,
      'fk-blocks': `${blocks[0]},${blocks[1]}`,
    });
    await api('POST', '/api/stations', { token: uploaderToken, body: { deviceId: deviceHex, name: `Storm gauge ${i}` } });
    await api('POST', '/api/ingestion', {
      token: uploaderToken,
      body: metaFile(station, Date.now() - DAY),
      headers: headers('meta', [1, 1]),
    });
    uploaders.push({ station, headers });
  }
  console.log(
    `${stations.length} public stations with readings, ${editors.length} editors, ${uploaders.length} uploading stations; load ${load()}`,
  );

  // The load: closed-loop clients (each sends its next request once the last is answered).
  const endAt = Date.now() + DURATION_S * 1000;
  const running = () => Date.now() < endAt;
  const visitor = async () => {
    while (running()) {
      const r = Math.random();
      if (r < 0.3) {
        // Flood map: its markers and its project.
        await timed('map (flood, anonymous)', 'GET', `/api/stations/map?project=${FLOOD_PROJECT}&recentHours=1&format=columns`);
        await timed('project page', 'GET', `/api/projects/${FLOOD_PROJECT}`);
      } else if (r < 0.6) {
        // A station page and its tiny charts.
        const s = pick(stations);
        await timed('station page', 'GET', `/api/stations/${s.id}`);
        await timed('tiny charts (tail)', 'GET', `/api/sensors/data/tail?stations=${s.id}`);
      } else if (r < 0.75) {
        await timed('chart, asked before', 'GET', pick(askedBefore));
      } else if (r < 0.9) {
        await timed('chart, new window', 'GET', newWindow());
      } else if (r < 0.95) {
        await timed('all-stations map', 'GET', '/api/stations/map?format=columns');
      } else {
        await timed('status', 'GET', '/api/status');
      }
    }
  };
  const editor = async (me, n) => {
    while (running()) {
      const project = await timed('project (editor)', 'GET', `/api/projects/${me.projectId}`, { token: me.token, read: true });
      const version = project.status === 200 ? JSON.parse(project.text).version : undefined;
      await timed('edit project', 'PATCH', `/api/projects/${me.projectId}`, {
        token: me.token,
        body: { description: `storm ${n++} at ${new Date().toISOString()}`, version },
      });
      await sleep(EDIT_PAUSE_MS);
      const notes = await timed('notes (editor)', 'GET', `/api/stations/${me.stationId}/notes`, { token: me.token, read: true });
      if (notes.status === 200) {
        const read = JSON.parse(notes.text);
        const mine = read.notes.find((x) => x.key === 'studyObjective');
        const body = `observed at ${new Date().toISOString()}`;
        await timed('edit notes', 'PATCH', `/api/stations/${me.stationId}/notes`, {
          token: me.token,
          body: mine
            ? { notes: [{ id: mine.id, body }], version: read.version }
            : { creating: [{ key: 'studyObjective', body }], version: read.version },
        });
      }
      await sleep(EDIT_PAUSE_MS);
    }
  };
  const uploader = async (u, i) => {
    // Staggered over the first minute, then a minute of readings each minute.
    await sleep((i * MINUTE) / Math.max(1, uploaders.length));
    let from = Math.floor(Date.now() / MINUTE) * MINUTE - MINUTE;
    while (running()) {
      const to = Math.floor(Date.now() / MINUTE) * MINUTE;
      if (to > from) {
        const file = dataFile(u.station, from, to, MINUTE);
        await timed('station upload', 'POST', '/api/ingestion', {
          token: uploaderToken,
          body: file.body,
          headers: u.headers('data', file.blocks),
        });
        from = to;
      }
      await sleep(MINUTE - (Date.now() % MINUTE) + 50);
    }
  };

  const rss = [];
  const sampleRss = setInterval(() => rss.push({ at: Date.now(), mb: rssMb() }), 10_000);
  rss.push({ at: Date.now(), mb: rssMb() });
  measuring = true;
  const began = Date.now();
  const progress = setInterval(() => {
    const total = [...kinds.values()].reduce((n, k) => n + k.ms.length, 0);
    console.log(`${Math.round((Date.now() - began) / 1000)} s: ${total} requests, RSS ${rssMb()} MB, load ${load()}`);
  }, 60_000);
  await Promise.all([
    ...Array.from({ length: CLIENTS - EDITORS }, () => visitor()),
    ...editors.map((me) => editor(me, 0)),
    ...uploaders.map((u, i) => uploader(u, i)),
  ]);
  measuring = false;
  clearInterval(progress);
  clearInterval(sampleRss);
  rss.push({ at: Date.now(), mb: rssMb() });
  const seconds = (Date.now() - began) / 1000;

  const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  const rows = [...kinds].map(([kind, k]) => {
    const sorted = [...k.ms].sort((a, b) => a - b);
    return {
      kind,
      requests: sorted.length,
      'req/s': (sorted.length / seconds).toFixed(1),
      p50: pct(sorted, 50).toFixed(1),
      p95: pct(sorted, 95).toFixed(1),
      p99: pct(sorted, 99).toFixed(1),
      max: sorted.at(-1).toFixed(1),
      errors: k.errors,
      '5xx': k.fiveXX,
      statuses: [...k.statuses].map(([s, n]) => `${s}×${n}`).join(' '),
    };
  });
  const total = rows.reduce((n, r) => n + r.requests, 0);
  console.log(
    `\n${CLIENTS} clients (${EDITORS} editors), ${uploaders.length} stations uploading each minute, ${seconds.toFixed(0)} s`,
  );
  console.table(rows);
  const fiveXX = rows.reduce((n, r) => n + r['5xx'], 0);
  const errors = rows.reduce((n, r) => n + r.errors, 0);
  console.log(
    `total ${total} requests, ${(total / seconds).toFixed(1)} requests/s, ${errors} errors, ${fiveXX} × 5xx (or no answer)`,
  );
  const middle = rss.reduce((a, b) =>
    Math.abs(b.at - (began + seconds * 500)) < Math.abs(a.at - (began + seconds * 500)) ? b : a,
  );
  const lastFive = rss.filter((r) => r.at >= Date.now() - 300_000 && r.mb !== null).map((r) => r.mb);
  const spread = lastFive.length > 1 ? ((Math.max(...lastFive) - Math.min(...lastFive)) / Math.min(...lastFive)) * 100 : NaN;
  console.log(
    `RSS of the product: start ${rss[0].mb} MB, middle ${middle.mb} MB, end ${rss.at(-1).mb} MB; over the last ${Math.min(5, seconds / 60).toFixed(1)} minutes ${Math.min(...lastFive)}–${Math.max(...lastFive)} MB (spread ${spread.toFixed(1)} %)`,
  );
  console.log(`load at the end: ${load()}`);
} finally {
  agent.destroy();
  await stop();
}

if (profileDir) {
  // The product's main thread's profile (the largest file the stop wrote): its busy time by the
  // product's own function nearest the top of each sample's stack (else the top frame).
  const { readdirSync, statSync } = await import('node:fs');
  const files = readdirSync(profileDir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(profileDir, f))
    .sort((a, b) => statSync(b).size - statSync(a).size);
  if (files.length > 0) {
    const p = JSON.parse(readFileSync(files[0], 'utf8'));
    const nodes = new Map(p.nodes.map((n) => [n.id, n]));
    const parent = new Map();
    for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const by = new Map();
    let busy = 0;
    let all = 0;
    for (let i = 0; i < p.samples.length; i++) {
      const dt = p.timeDeltas[i] / 1000;
      all += dt;
      const id = p.samples[i];
      const top = nodes.get(id).callFrame;
      if (top.functionName === '(idle)' || top.functionName === '(program)') continue;
      busy += dt;
      let ours = null;
      for (let x = id; x !== undefined && !ours; x = parent.get(x)) {
        const f = nodes.get(x).callFrame;
        if (/\/(apps|libs)\//.test(f.url) && !f.url.includes('node_modules')) ours = f;
      }
      const f = ours ?? top;
      const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-3).join('/')}:${f.lineNumber + 1}`;
      by.set(key, (by.get(key) ?? 0) + dt);
    }
    console.log(`\nthe product's main thread (${files[0]}): busy ${(busy / 1000).toFixed(1)} s of ${(all / 1000).toFixed(1)} s`);
    for (const [key, ms] of [...by].sort((a, b) => b[1] - a[1]).slice(0, 30))
      console.log(`${(ms / 1000).toFixed(2).padStart(8)} s  ${key}`);
  }
}
