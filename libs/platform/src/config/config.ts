import path from 'node:path';

/**
 * Every variable the product reads, parsed once. The README's configuration table lists the same
 * names; keep them together.
 */
export type AppConfig = {
  readonly port: number;
  readonly dataDir: string;
  /** Postgres for read models (and the event store in Postgres mode). Unset: embedded Postgres under dataDir. */
  readonly databaseUrl: string | null;
  /** EventStoreDB (esdb://…). Unset: the Postgres event store. */
  readonly eventStoreUrl: string | null;
  /** ClickHouse over HTTP. Unset: chDB embedded under dataDir. */
  readonly clickHouseUrl: string | null;
  readonly embeddedPostgresPort: number;
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** How long a command's answer waits for its projections (read-your-writes). */
  readonly readYourWritesTimeoutMs: number;
  readonly seedDemoData: boolean;
  /** Events a projection applies per transaction. */
  readonly projectorBatchSize: number;
  readonly serverName: string;
  readonly tag: string;
  readonly gitHash: string;
  readonly corsOrigins: readonly string[];
};

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const int = (env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0, max = 65535 * 1000): number => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number between ${min} and ${max}, got "${raw}"`);
  }
  return value;
};

const url = (env: NodeJS.ProcessEnv, name: string, protocols: readonly string[]): string | null => {
  const raw = env[name]?.trim();
  if (!raw) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL: "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.join(' or ')}, got "${parsed.protocol}"`);
  }
  return raw;
};

const levels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): AppConfig => {
  const logLevel = (env['LOG_LEVEL'] ?? 'info') as AppConfig['logLevel'];
  if (!levels.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${levels.join(', ')}`);
  return {
    port: int(env, 'PORT', 3000, 0, 65535),
    dataDir: path.resolve(env['DATA_DIR'] || '.data'),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    eventStoreUrl: url(env, 'EVENTSTORE_URL', ['esdb:', 'esdb+discover:', 'kurrentdb:', 'kurrentdb+discover:']),
    clickHouseUrl: url(env, 'CLICKHOUSE_URL', ['http:', 'https:']),
    embeddedPostgresPort: int(env, 'EMBEDDED_PG_PORT', 54329, 1, 65535),
    logLevel,
    readYourWritesTimeoutMs: int(env, 'READ_YOUR_WRITES_TIMEOUT_MS', 2000, 0, 60000),
    seedDemoData: (env['SEED_DEMO_DATA'] ?? 'true') !== 'false',
    projectorBatchSize: int(env, 'PROJECTOR_BATCH_SIZE', 1000, 1, 100_000),
    serverName: env['SERVER_NAME'] || 'groundtruth',
    tag: env['GT_TAG'] || 'dev',
    gitHash: env['GIT_HASH'] || '',
    corsOrigins: (env['CORS_ORIGINS'] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  };
};
