import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import { createLogger, loadConfig, openRuntime } from '@groundtruth/platform';
import { benchCaller, signUpFromOutbox } from './bench-accounts.mjs';

/**
 * `npm run bench:notifications`: the projector and two API processes (as built) on one embedded
 * Postgres; BENCH_READERS people (100) each hold a socket on both processes (200 sockets); the author
 * raises BENCH_NOTIFICATIONS notifications (1,000), each a comment mentioning one reader, through the
 * two processes in turn, BENCH_IN_FLIGHT (4) at a time. Prints the latency from each command's answer
 * to each of its socket messages (p50 / p99; target p99 <= 200 ms) and the messages lost (target 0)
 * and duplicated. EMBEDDED_PG_PORT chooses the Postgres port.
 */
const READERS = Number(process.env.BENCH_READERS ?? 100);
const NOTIFICATIONS = Number(process.env.BENCH_NOTIFICATIONS ?? 1_000);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 4);
const api = path.resolve('apps/api/dist/server.js');
const projector = path.resolve('apps/projector/dist/projector-server.js');

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const fmt = (n) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gt-bench-notifications-'));
const config = loadConfig({ ...process.env, DATA_DIR: path.join(dir, 'db'), LOG_LEVEL: 'warn', DATABASE_URL: '' });
const runtime = await openRuntime(config, createLogger('warn'), { clickhouse: false });
const children = [];
const start = (file, env) => {
  const child = spawn(process.execPath, [file], {
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      DATABASE_URL: runtime.databaseUrl,
      SEED_DEMO_DATA: 'false',
      AUTH_RATE_LIMIT: '100000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
};
const stopAll = async () => {
  await Promise.all(
    children.map(
      (c) => new Promise((resolve) => (c.exitCode !== null ? resolve() : (c.once('exit', resolve), c.kill('SIGTERM')))),
    ),
  );
  await runtime.close();
  await fs.rm(dir, { recursive: true, force: true });
};

try {
  start(projector, { DATA_DIR: path.join(dir, 'projector'), PROJECTOR_HEALTH_PORT: String(await freePort()) });
  const bases = [];
  for (const name of ['a', 'b']) {
    const port = await freePort();
    bases.push(`http://127.0.0.1:${port}`);
    start(api, { DATA_DIR: path.join(dir, name), PORT: String(port) });
  }
  for (const base of bases) {
    for (let i = 0; ; i++) {
      if (
        await fetch(`${base}/api/status`).then(
          (r) => r.status === 200,
          () => false,
        )
      )
        break;
      if (i > 600) throw new Error(`${base} did not come up`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const calls = bases.map((b) => benchCaller(b));
  const signUp = async () => {
    const token = await signUpFromOutbox(calls[0], path.join(dir, 'a'));
    const me = (await calls[0]('GET', '/api/user', { token })).body;
    await new Promise((r) => setTimeout(r, 2)); // bench e-mails are named by the millisecond
    return { token, id: me.id };
  };
  const author = await signUp();
  const readers = [];
  for (let i = 0; i < READERS; i++) readers.push(await signUp());
  const projectId = (
    await calls[0]('POST', '/api/projects', {
      token: author.token,
      body: { name: 'Bench', description: 'd', goal: 'g', location: 'l', privacy: 1 },
    })
  ).body.id;

  // Every reader on both processes: each notification is delivered twice, once through each.
  const arrivals = new Map(); // postId -> [arrival ms]
  const seen = new Map(); // socket index -> Set of notification ids
  let duplicates = 0;
  const sockets = [];
  for (const [r, reader] of readers.entries()) {
    for (const base of bases) {
      const index = sockets.length;
      const socket = io(`${base}/notifications`, { transports: ['websocket'], reconnection: false, forceNew: true });
      seen.set(index, new Set());
      socket.on('notification', (n) => {
        const at = performance.now();
        const mine = seen.get(index);
        if (mine.has(n.notificationId)) duplicates += 1;
        mine.add(n.notificationId);
        const list = arrivals.get(n.postId) ?? [];
        list.push(at);
        arrivals.set(n.postId, list);
      });
      await new Promise((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const answer = await socket.emitWithAck('auth', reader.token);
      if (!answer.ok) throw new Error(`socket ${r}: ${answer.code}`);
      await socket.emitWithAck('missed', 0);
      sockets.push(socket);
    }
  }
  console.log(`${sockets.length} sockets on 2 API processes; raising ${NOTIFICATIONS} notifications, ${IN_FLIGHT} at a time`);

  const answered = new Map(); // postId -> answer ms
  const sent = new Map(); // postId -> ms the command was sent
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      for (let i = next++; i < NOTIFICATIONS; i = next++) {
        const reader = readers[i % readers.length];
        const body = JSON.stringify({
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [
                { type: 'text', text: `bench ${i} ` },
                { type: 'mention', attrs: { id: reader.id, label: 'r' } },
              ],
            },
          ],
        });
        const t0 = performance.now();
        const reply = await calls[i % 2]('POST', '/api/discussion', { token: author.token, body: { post: { projectId, body } } });
        answered.set(reply.body.post.id, performance.now());
        sent.set(reply.body.post.id, t0);
      }
    }),
  );
  const raisedIn = performance.now() - started;
  const expected = answered.size * 2;
  const deadline = performance.now() + 15_000;
  const received = () => [...arrivals.values()].reduce((n, l) => n + l.length, 0);
  while (received() < expected && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));

  const latencies = [];
  const fromSend = [];
  let early = 0;
  for (const [postId, at] of answered) {
    for (const t of arrivals.get(postId) ?? []) {
      fromSend.push(t - sent.get(postId));
      // A socket message may come before the client has read the command's answer: 0 then.
      if (t < at) early += 1;
      latencies.push(Math.max(0, t - at));
    }
  }
  const lost = expected - Math.min(expected, received());
  console.log(`commands: ${answered.size} in ${fmt(raisedIn / 1000)} s (${fmt((answered.size / raisedIn) * 1000)}/s)`);
  console.log(`socket messages: ${received()} of ${expected} expected; lost ${lost}; duplicated ${duplicates}`);
  console.log(
    `latency command answer -> socket message: p50 ${fmt(percentile(latencies, 50))} ms, p99 ${fmt(percentile(latencies, 99))} ms, max ${fmt(Math.max(...latencies))} ms (${early} before the answer was read)`,
  );
  console.log(
    `command sent -> socket message (the command's own time included): p50 ${fmt(percentile(fromSend, 50))} ms, p99 ${fmt(percentile(fromSend, 99))} ms`,
  );
  console.log(`target: p99 <= 200 ms and 0 lost: ${percentile(latencies, 99) <= 200 && lost === 0 ? 'met' : 'NOT met'}`);
  for (const s of sockets) s.close();
} finally {
  await stopAll();
}
