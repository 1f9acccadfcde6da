import type pg from 'pg';
import type { Logger } from 'pino';
import { comparePositions, type LogPosition } from '../event-store/event-store.port.js';
import { ChannelListener } from '../postgres/channel-listener.js';
import { CHECKPOINT_CHANNEL, readCheckpoints, TABLES_REBUILT, TABLES_UNTOUCHED, type CheckpointRow } from './checkpoints.js';

type Waiter = { names: Set<string>; position: LogPosition; resolve: (reached: boolean) => void };

/**
 * Read-your-writes: lets a command's answer wait until every projection that handles its event
 * types has passed its log position. Listens for checkpoint notices (NOTIFY on commit) on one
 * dedicated connection; works the same whether the projector runs in this process or another.
 */
export class CheckpointWaiter {
  private readonly listener: ChannelListener;
  private rows = new Map<string, CheckpointRow>();
  private waiters = new Set<Waiter>();
  /** Checkpoint notices heard, and (re)connections: see `version`. */
  private heard = 0;
  /** Notices heard per projection, and what moves every projection's (re)connections, unreadable notices): see `versionOf`. */
  private readonly heardOf = new Map<string, number>();
  private heardOfAll = 0;

  constructor(
    private readonly pool: pg.Pool,
    connectionString: string,
    private readonly log: Logger,
  ) {
    this.listener = new ChannelListener({
      connectionString,
      channel: CHECKPOINT_CHANNEL,
      applicationName: 'groundtruth-checkpoints',
      onNotice: (payload) => this.onNotice(payload),
      // Notices sent while reconnecting are covered by a fresh read.
      onConnected: () => {
        this.heard++;
        this.heardOfAll++;
        return this.refresh();
      },
      onLost: (err) => this.log.warn({ err }, 'checkpoint listener lost its connection; reconnecting'),
    });
  }

  async start(): Promise<void> {
    await this.refresh();
    await this.listener.start();
  }

  /**
   * The read models' version: moves on every checkpoint notice (sent when a projection's batch, or
   * a rebuild's swap, commits; so also when a rebuild ends at the position it started from) and on
   * every (re)connection, as notices may have been missed meanwhile. Null while not listening: then
   * nothing cached from the read models can be trusted. Take it before reading: a commit the read
   * did not see is heard afterwards and moves it.
   */
  version(): string | null {
    return this.listener.connected ? String(this.heard) : null;
  }

  /**
   * The version of the named projections' tables only, as `version` is of all of them: moves on those
   * projections' notices (a batch's commit) but for batches that wrote nothing
   * (TABLES_UNTOUCHED), and with every other version on a rebuild's swap (TABLES_REBUILT), on every
   * (re)connection and on any notice that names no projection. For answers read from those tables alone, which other projections' writes
   * leave true. Null while not listening.
   */
  versionOf(names: readonly string[]): string | null {
    if (!this.listener.connected) return null;
    return `${this.heardOfAll}:${names.map((name) => this.heardOf.get(name) ?? 0).join(',')}`;
  }

  private onNotice(payload: string): void {
    this.heard++;
    const [name, commit, prepare, tables] = payload.split(' ');
    if (!name || tables === TABLES_REBUILT) this.heardOfAll++;
    else if (tables !== TABLES_UNTOUCHED) this.heardOf.set(name, (this.heardOf.get(name) ?? 0) + 1);
    if (!name || commit === undefined || prepare === undefined) return;
    const row = this.rows.get(name);
    const position = { commit: BigInt(commit), prepare: BigInt(prepare) };
    if (row) this.rows.set(name, { ...row, position });
    else void this.refresh();
    this.settle();
  }

  private async refresh(): Promise<void> {
    for (const row of await readCheckpoints(this.pool)) this.rows.set(row.name, row);
    this.settle();
  }

  private passed(name: string, position: LogPosition): boolean {
    const row = this.rows.get(name);
    // A stopped or failed projection will not catch up: do not hold the answer for it.
    if (!row || row.state !== 'running') return true;
    return row.position !== null && comparePositions(row.position, position) >= 0;
  }

  private settle(): void {
    for (const w of this.waiters) {
      for (const name of w.names) if (this.passed(name, w.position)) w.names.delete(name);
      if (w.names.size === 0) {
        this.waiters.delete(w);
        w.resolve(true);
      }
    }
  }

  /**
   * Resolves true once every projection handling one of `eventTypes` ('all': every projection) has
   * passed `position`, false after `timeoutMs` (the answer then goes out anyway).
   */
  async waitFor(eventTypes: readonly string[] | 'all', position: LogPosition, timeoutMs: number): Promise<boolean> {
    if (eventTypes.length === 0 || timeoutMs <= 0) return true;
    const types = eventTypes === 'all' ? null : new Set(eventTypes);
    const handledBy = () =>
      new Set([...this.rows.values()].filter((r) => !types || r.eventTypes.some((t) => types.has(t))).map((r) => r.name));
    let names = handledBy();
    // A projection registered after our last read (projector starting, a new deploy) is unknown yet.
    const known = new Set([...this.rows.values()].flatMap((r) => r.eventTypes));
    if (!this.listener || eventTypes === 'all' || eventTypes.some((t) => !known.has(t))) {
      await this.refresh().catch(() => undefined);
      names = handledBy();
    }
    for (const name of names) if (this.passed(name, position)) names.delete(name);
    if (names.size === 0) return true;
    return new Promise<boolean>((resolve) => {
      const waiter: Waiter = {
        names,
        position,
        resolve: (reached) => {
          clearTimeout(timer);
          resolve(reached);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        this.log.warn(
          { projections: [...names], position: `${position.commit}/${position.prepare}` },
          'read-your-writes wait timed out',
        );
        resolve(false);
      }, timeoutMs);
      this.waiters.add(waiter);
      // Without a listener (reconnecting), poll the table instead of waiting for notices.
      if (!this.listener.connected) void this.refresh().catch(() => undefined);
    });
  }

  async close(): Promise<void> {
    for (const w of this.waiters) w.resolve(false);
    this.waiters.clear();
    await this.listener.close();
  }
}
