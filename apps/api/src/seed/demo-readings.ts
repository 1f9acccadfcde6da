import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, LOGGER, PG_POOL, type AppConfig, type Logger, type PgPool } from '@groundtruth/platform';
import { EmailClaims } from '../accounts/index.js';
import { SessionIssuer } from '../accounts/index.js';
import { uploadSimulatedStation } from '../simulator/index.js';
import { demoStations } from './demo-community.js';
import { DEMO_EMAIL } from './demo-seeder.js';

/** gt_app_meta key: the device ids whose demo readings are all uploaded. */
const DONE_KEY = 'demo_readings_done';
const STEP_MS = 60_000;
const CHUNK_DAYS = 7;

/**
 * The demo stations' readings: `SEED_DEMO_DAYS` days (a year by default) of one-minute readings
 * (hourly for a station that says so) from the station simulator, uploaded as protobuf through the real POST /api/ingestion under the
 * demo account, newest week first, in the background once the product answers, so a newcomer can
 * use it at once and watches the charts fill. A station is marked done when all its weeks are in;
 * a restart goes on with the stations not done (uploading a week again changes nothing).
 */
@Injectable()
export class DemoReadingsSeeder implements OnApplicationShutdown {
  private readonly stop = new AbortController();
  private running: Promise<void> | null = null;

  constructor(
    @Inject(PG_POOL) private readonly pool: PgPool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly log: Logger,
    private readonly sessions: SessionIssuer,
    private readonly claims: EmailClaims,
  ) {}

  /** Starts in the background; `apiUrl` is where this product listens. */
  start(apiUrl: string): void {
    if (this.config.seedDemoDays <= 0 || this.running) return;
    this.running = this.run(apiUrl).catch((err: unknown) => {
      if (this.stop.signal.aborted) return;
      this.log.error({ err }, 'demo readings could not be uploaded; the next start tries again');
    });
  }

  /** Resolves when the background upload is over (tests). */
  async settled(): Promise<void> {
    await this.running;
  }

  async onApplicationShutdown(): Promise<void> {
    this.stop.abort();
    await this.running;
  }

  private async run(apiUrl: string): Promise<void> {
    const userId = await this.claims.owner(DEMO_EMAIL);
    if (userId === null) return; // no demo account (deleted, or never seeded)
    const done = new Set(await this.done());
    const pending = demoStations.filter((s) => !done.has(s.deviceId));
    if (pending.length === 0) return;
    const days = this.config.seedDemoDays;
    this.log.info({ stations: pending.length, days }, 'uploading demo readings in the background');
    const end = Math.floor(Date.now() / STEP_MS) * STEP_MS - STEP_MS;
    for (const station of pending) {
      const started = Date.now();
      const summary = await uploadSimulatedStation({
        api: apiUrl,
        token: await this.sessions.start(userId, 'seed'),
        deviceHex: station.deviceId,
        kind: station.kind,
        name: station.name,
        days,
        stepMs: station.readingEveryMs ?? STEP_MS,
        chunkDays: Math.min(CHUNK_DAYS, days),
        site: { latitude: station.latitude, longitude: station.longitude },
        end,
        newestFirst: true,
        signal: this.stop.signal,
      });
      await this.markDone(station.deviceId);
      this.log.info(
        { station: station.name, readings: summary.readings, seconds: Math.round((Date.now() - started) / 1000) },
        'demo readings uploaded',
      );
    }
  }

  private async done(): Promise<string[]> {
    const r = await this.pool.query<{ value: string[] }>('SELECT value FROM gt_app_meta WHERE key = $1', [DONE_KEY]);
    return r.rows[0]?.value ?? [];
  }

  private async markDone(deviceId: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO gt_app_meta (key, value) VALUES ($1, $2)
       ON CONFLICT (key) DO UPDATE SET value = (
         SELECT jsonb_agg(DISTINCT d) FROM jsonb_array_elements_text(gt_app_meta.value || $2::jsonb) AS d), updated_at = now()`,
      [DONE_KEY, JSON.stringify([deviceId])],
    );
  }
}
