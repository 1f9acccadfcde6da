import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import {
  APP_CONFIG,
  ID_ALLOCATOR,
  LOGGER,
  PG_POOL,
  type AppConfig,
  type IdAllocator,
  type Logger,
  type PgPool,
} from '@groundtruth/platform';
import { EmailClaims } from '../accounts/index.js';
import { PasswordHasher } from '../accounts/index.js';
import { RecordRegistrationCommand } from '../accounts/index.js';
import { SetRolesCommand } from '../accounts/index.js';
import { commandMetadata } from '../common/cqrs/command-metadata.js';
import { CommandGateway } from '../common/cqrs/command-gateway.js';
import { CreateProjectCommand, type CreateProjectInput } from '../projects/index.js';
import { DemoCommunitySeeder } from './demo-community.js';

export const demoProjects: readonly CreateProjectInput[] = [
  {
    name: 'Hudson River Water Quality',
    description: 'Conductivity, dissolved oxygen and temperature along the tidal Hudson.',
    goal: 'Give river communities open, trustworthy water data.',
    location: 'Hudson Valley, New York',
    tags: ['water', 'river', 'community'],
    privacy: 1,
    bounds: { min: [-74.1, 40.6], max: [-73.7, 42.8] },
    startTime: '2025-03-01T00:00:00.000Z',
  },
  {
    name: 'Jamaica Bay Flood Watch',
    description: 'Street-level flood depth sensors around Jamaica Bay.',
    goal: 'Warn neighbours of tidal and storm flooding as it happens.',
    location: 'Queens and Brooklyn, New York',
    tags: ['flood', 'tides', 'lorawan'],
    privacy: 1,
    bounds: { min: [-73.95, 40.55], max: [-73.73, 40.68] },
    startTime: '2025-06-15T00:00:00.000Z',
  },
  {
    name: 'Rio Grande Weather Network',
    description: 'Weather stations measuring wind, rain and humidity along the river.',
    goal: 'Understand how the valley microclimate shifts across a year.',
    location: 'Albuquerque, New Mexico',
    tags: ['weather', 'wind', 'rain'],
    privacy: 1,
    bounds: { min: [-106.8, 34.9], max: [-106.5, 35.3] },
    startTime: '2025-01-10T00:00:00.000Z',
    endTime: '2026-12-31T00:00:00.000Z',
  },
  {
    name: 'Bench Calibration Lab',
    description: 'Private bench tests of new sensor modules before deployment.',
    goal: 'Check calibration before stations go to the field.',
    location: 'Workshop',
    tags: ['calibration'],
    privacy: 0,
  },
];

const SEEDED = 'demo_seeded';
/** Index of Jamaica Bay Flood Watch in demoProjects, and the project flood mode opens on (spec §1). */
const FLOOD_PROJECT = 1;
export const FLOOD_MODE_PROJECT_ID = 174;
export const DEMO_EMAIL = 'demo@groundtruth.local';
export const DEMO_ACCOUNT_FILE = 'demo-account.txt';

/**
 * First start only: creates the demo projects, their stations and notes through the real command path. The marker is
 * written first, under a lock, so a restart (or a second process) never seeds twice.
 */
@Injectable()
export class DemoSeeder {
  constructor(
    @Inject(PG_POOL) private readonly pool: PgPool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly log: Logger,
    @Inject(ID_ALLOCATOR) private readonly ids: IdAllocator,
    private readonly commands: CommandGateway,
    private readonly hasher: PasswordHasher,
    private readonly claims: EmailClaims,
    private readonly community: DemoCommunitySeeder,
  ) {}

  async seedOnce(): Promise<boolean> {
    const claimed = await this.pool.query(
      `INSERT INTO gt_app_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING key`,
      [SEEDED, JSON.stringify({ at: new Date().toISOString() })],
    );
    if (claimed.rowCount === 0) return false;
    const userId = await this.demoAccount();
    const projectIds: number[] = [];
    for (const [index, project] of demoProjects.entries()) {
      // The flood project takes flood mode's fixed project id (174), so a flood-mode host opens on it.
      const fixed =
        index === FLOOD_PROJECT && (await this.ids.take('project', FLOOD_MODE_PROJECT_ID)) ? FLOOD_MODE_PROJECT_ID : undefined;
      projectIds.push((await this.commands.execute(new CreateProjectCommand(project, commandMetadata(userId), fixed))).projectId);
    }
    const { stations } = await this.community.seed(userId, projectIds);
    this.log.info({ projects: demoProjects.length, stations }, 'demo data seeded');
    return true;
  }

  /**
   * A validated site-admin account that owns the demo projects, so a newcomer can sign in at once.
   * Its password is random, shown once in the log and kept in DATA_DIR/demo-account.txt (mode 600):
   * never a known password, even on an installation that forgot SEED_DEMO_DATA=false.
   */
  private async demoAccount(): Promise<number> {
    const password = randomBytes(12).toString('base64url');
    const userId = await this.ids.next('user');
    await this.claims.claim(DEMO_EMAIL, userId);
    const meta = commandMetadata(userId);
    const passwordHash = await this.hasher.hash(password);
    await this.commands.execute(
      new RecordRegistrationCommand(
        { userId, name: 'Demo Admin', email: DEMO_EMAIL, passwordHash, tncAccept: true, via: 'password', emailValidated: true },
        meta,
      ),
    );
    await this.commands.execute(new SetRolesCommand({ userId, admin: true }, meta));
    const file = path.join(this.config.dataDir, DEMO_ACCOUNT_FILE);
    await fs.writeFile(file, `e-mail: ${DEMO_EMAIL}\npassword: ${password}\n`, { mode: 0o600 });
    this.log.info(
      { email: DEMO_EMAIL, password, file },
      'demo account ready (site admin): sign in with this e-mail and password',
    );
    return userId;
  }
}
