import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import type { Notification, NotificationClientEvents, NotificationServerEvents } from '../../libs/contracts/src/index.js';
import { callApi, outboxOf, signUp, type TestUser } from '../support/accounts.js';
import { freePort } from '../support/free-port.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/**
 * Live notifications with two API processes (and the projector) on one database, as built
 * (`npm run build:server` first): a notification raised through one process reaches a socket held
 * by the other (socket.io's Postgres adapter); a client away while three were raised gets all three
 * when it asks since its last id; and with the socket's process killed while notifications are
 * raised, the client that reconnects to the other process ends with every one, none twice.
 */
const api = path.resolve('apps/api/dist/server.js');
const projector = path.resolve('apps/projector/dist/projector-server.js');

let db: TestDatabase;
let dir: string;
const children = new Map<string, ChildProcess>();
const urls: Record<'a' | 'b', string> = { a: '', b: '' };
let author: TestUser;
let reader: TestUser;
let projectId = 0;

const start = (name: string, file: string, env: Record<string, string>) => {
  const child = spawn(process.execPath, [file], {
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: db.url, SEED_DEMO_DATA: 'false', AUTH_RATE_LIMIT: '100000', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.set(name, child);
  return child;
};
const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );
const up = async (url: string) => {
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${url}/api/status`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
};

type Client = Socket<NotificationServerEvents, NotificationClientEvents>;

/**
 * A client as the web's: signs in with its first message, asks for what it missed since the last id
 * it holds on every (re)connect, and on losing its server goes to the next one in `servers`.
 */
class LiveClient {
  readonly received: Notification[] = [];
  private socket: Client | null = null;
  private at = 0;
  private closed = false;
  reconnects = 0;

  constructor(
    private readonly servers: string[],
    private readonly token: string,
  ) {}

  get lastId(): number {
    return this.received.reduce((m, n) => Math.max(m, n.notificationId), 0);
  }

  async connect(): Promise<void> {
    const socket: Client = io(`${this.servers[this.at % this.servers.length]}/notifications`, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    this.socket = socket;
    socket.on('notification', (n) => this.received.push(n));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const answer = await socket.emitWithAck('auth', this.token);
    if (!answer.ok) throw new Error(`auth refused: ${answer.code}`);
    this.received.push(...(await socket.emitWithAck('missed', this.lastId)));
    socket.once('disconnect', () => {
      if (this.closed) return;
      // The server went away: the next one, after a short delay (the web's is Fibonacci from 1 s).
      this.at += 1;
      this.reconnects += 1;
      void this.reconnect();
    });
  }

  private async reconnect(): Promise<void> {
    for (;;) {
      await new Promise((r) => setTimeout(r, 200));
      if (this.closed) return;
      try {
        return await this.connect();
      } catch {
        this.at += 1;
      }
    }
  }

  close(): void {
    this.closed = true;
    this.socket?.close();
  }
}

const waitFor = async (check: () => boolean, ms: number, what: string) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** A comment by the author mentioning the reader, through the given process. */
const raise = async (url: string, text: string): Promise<number> => {
  const body = JSON.stringify({
    type: 'doc',
    content: [
      {
        type: 'paragraph',
        content: [
          { type: 'text', text },
          { type: 'mention', attrs: { id: reader.id, label: reader.name } },
        ],
      },
    ],
  });
  const reply = await callApi(url, 'POST', '/api/discussion', { token: author.token, body: { post: { projectId, body } } });
  if (reply.status !== 201) throw new Error(`raise: ${reply.status} ${JSON.stringify(reply.body)}`);
  return (reply.body!['post'] as { id: number }).id;
};
const listed = async () =>
  (
    (await callApi(urls.a, 'GET', '/api/notifications?pageSize=100', { token: reader.token })).body as {
      notifications: Notification[];
    }
  ).notifications;

beforeAll(async () => {
  db = await createTestDatabase({ migrate: false });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gt-live-'));
  start('projector', projector, { DATA_DIR: path.join(dir, 'projector'), PROJECTOR_HEALTH_PORT: String(await freePort()) });
  for (const name of ['a', 'b'] as const) {
    const port = await freePort();
    urls[name] = `http://127.0.0.1:${port}`;
    // The sweep (the safety net for lost wakes) only after a minute: what arrives sooner came through the adapter or `missed`.
    start(name, api, { DATA_DIR: path.join(dir, name), PORT: String(port), NOTIFICATIONS_SWEEP_MS: '60000' });
  }
  await Promise.all([up(urls.a), up(urls.b)]);
  const mailbox = outboxOf(path.join(dir, 'a'));
  author = await signUp({ url: urls.a }, mailbox, { name: 'Ana Author' });
  reader = await signUp({ url: urls.a }, mailbox, { name: 'Rui Reader' });
  const created = await callApi(urls.a, 'POST', '/api/projects', {
    token: author.token,
    body: { name: 'Live', description: 'd', goal: 'g', location: 'l', privacy: 1 },
  });
  projectId = created.body!['id'] as number;
}, 120_000);

afterAll(async () => {
  await Promise.all(
    [...children.values()].map(async (c) => {
      if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
      await exited(c);
    }),
  );
  await db.drop();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('live notifications across two API processes', () => {
  it('delivers a notification raised through one process to a socket held by the other', async () => {
    const client = new LiveClient([urls.b], reader.token);
    await client.connect();
    const postId = await raise(urls.a, 'across ');
    await waitFor(() => client.received.some((n) => n.postId === postId), 5_000, 'the notification on the other process');
    expect(client.received.filter((n) => n.postId === postId)).toHaveLength(1);
    client.close();
  });

  it('gives a client that was away all three raised meanwhile, when it asks since its last id', async () => {
    const client = new LiveClient([urls.b], reader.token);
    await client.connect();
    const first = await raise(urls.a, 'before ');
    await waitFor(() => client.received.some((n) => n.postId === first), 5_000, 'the first notification');
    client.close();
    const away = [await raise(urls.a, 'away 1 '), await raise(urls.b, 'away 2 '), await raise(urls.a, 'away 3 ')];
    const again = new LiveClient([urls.b], reader.token);
    again.received.push(...client.received);
    await again.connect();
    const after = again.received.slice(client.received.length);
    expect(after.map((n) => n.postId)).toEqual(away);
    again.close();
  });

  it('delivers every notification, once, when the process holding the socket is killed while they are raised', async () => {
    const client = new LiveClient([urls.b, urls.a], reader.token);
    await client.connect();
    const baseline = client.lastId;
    const raised: number[] = [];
    for (let i = 0; i < 30; i++) {
      raised.push(await raise(urls.a, `burst ${i} `));
      if (i === 10) children.get('b')!.kill('SIGKILL');
    }
    await waitFor(
      () => new Set(client.received.filter((n) => n.notificationId > baseline).map((n) => n.postId)).size === raised.length,
      20_000,
      'every raised notification',
    );
    const mine = client.received.filter((n) => n.notificationId > baseline);
    const ids = mine.map((n) => n.notificationId);
    // 0 lost, 0 duplicated: the ids received are exactly the table's, each once.
    expect(new Set(ids).size).toBe(ids.length);
    expect(mine.map((n) => n.postId).sort((x, y) => x - y)).toEqual([...raised].sort((x, y) => x - y));
    const table = (await listed()).filter((n) => n.notificationId > baseline).map((n) => n.notificationId);
    expect([...ids].sort((x, y) => x - y)).toEqual(table.sort((x, y) => x - y));
    // Not vacuous: the client did lose its server and reconnect to the other one.
    expect(client.reconnects).toBeGreaterThan(0);
    client.close();
  });
});
