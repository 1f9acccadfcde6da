import { Inject, Injectable, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Logger } from '../logging/logger.js';
import { ChannelListener } from '../postgres/channel-listener.js';
import type { PgPool } from '../postgres/postgres.js';
import { DATABASE_URL, LOGGER, PG_POOL } from '../nest/runtime.module.js';

/** Postgres channel on which every process hears which stations' readings changed. */
export const READINGS_CHANNEL = 'gt_readings_changed';

/**
 * A version per station of its readings, for answers cached from them (AnswerCache): any
 * write, delete or rebuild of a station's readings moves it. The writer moves it here at once, then
 * tells the other processes over Postgres (NOTIFY), which move theirs on hearing it. While this
 * process cannot hear (its listening connection is lost) it answers no version, so nothing cached
 * is trusted; on reconnecting it moves every version, as notices may have been missed meanwhile.
 */
@Injectable()
export class ReadingsVersions implements OnModuleInit, OnApplicationShutdown {
  private readonly versions = new Map<number, number>();
  /** Moves every station's version at once (a reconnection). */
  private epoch = 0;
  /** Moves with any station's version: see `ofAll`. */
  private generation = 0;
  private listener: ChannelListener | null = null;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pick<PgPool, 'query'>,
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  async onModuleInit(): Promise<void> {
    this.listener = new ChannelListener({
      connectionString: this.databaseUrl,
      channel: READINGS_CHANNEL,
      applicationName: 'groundtruth-readings-versions',
      onNotice: (payload) => this.bump(parseIds(payload)),
      onConnected: () => {
        this.epoch++;
      },
      onLost: (err) =>
        this.log.warn({ err }, 'readings-change listener lost its connection; cached charts are bypassed until it is back'),
    });
    await this.listener.start().catch((err: unknown) => {
      this.log.warn({ err }, 'readings-change listener could not connect; cached charts are bypassed until it does');
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener?.close();
  }

  /** The stations' readings version together, or null when it cannot be trusted (not listening). */
  of(stationIds: readonly number[]): string | null {
    if (!this.listener?.connected) return null;
    return `${this.epoch}:${stationIds.map((id) => this.versions.get(id) ?? 0).join(',')}`;
  }

  /** Every station's readings together (for an answer over all of them, the maps'), or null when not listening. */
  ofAll(): string | null {
    if (!this.listener?.connected) return null;
    return `${this.epoch}:${this.generation}`;
  }

  /** The stations' readings changed (or may have): here at once, in other processes once they hear. */
  async changed(stationIds: readonly number[]): Promise<void> {
    this.bump(stationIds);
    await this.pool.query('SELECT pg_notify($1, $2)', [READINGS_CHANNEL, stationIds.join(',')]);
  }

  private bump(stationIds: readonly number[]): void {
    this.generation++;
    for (const id of stationIds) this.versions.set(id, (this.versions.get(id) ?? 0) + 1);
  }
}

const parseIds = (payload: string): number[] =>
  payload
    .split(',')
    .map(Number)
    .filter((n) => Number.isSafeInteger(n));

/**
 * ReadingsVersions, once per process: the API's cached answers read it and processing (the
 * projector) moves it, so in embedded mode a write is seen by the next chart request at once.
 * Importing this module from both apps gives them one instance (Nest keeps one per module).
 */
@Module({ providers: [ReadingsVersions], exports: [ReadingsVersions] })
export class ReadingsVersionsModule {}
