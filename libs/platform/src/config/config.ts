import path from 'node:path';
import { analysisLimitsFrom, type AnalysisLimits } from './analysis-limits.js';
import { ConfigError } from './config-error.js';

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
  /** Days the console's log view keeps the log lines (LOG_RETENTION_DAYS; 0: lines are not kept). */
  readonly logRetentionDays: number;
  /** How long a command's answer waits for its projections (read-your-writes). */
  readonly readYourWritesTimeoutMs: number;
  /** How often each API process looks for notifications no wake told it of (a 202 command, a process that died). */
  readonly notificationsSweepMs: number;
  readonly seedDemoData: boolean;
  /** Days of simulated one-minute readings the demo stations get on first start (0: none). */
  readonly seedDemoDays: number;
  /** Events a projection applies per transaction. */
  readonly projectorBatchSize: number;
  /** Embedded ClickHouse: sessions of their own for chart reads, run side by side (0: charts share the product's session). */
  readonly chartSessions: number;
  /** Rows of chart answers kept in memory per API process (0: none kept). */
  readonly chartCacheRows: number;
  /** Stations of map answers (GET /stations/map) kept in memory per API process, one answer per asker (0: none kept). */
  readonly mapCacheStations: number;
  /** How often the projector looks at the log's head for new events (ms). */
  readonly projectorPollMs: number;
  /** Port of the server-mode projector's health answer (GET /health; it serves nothing else). */
  readonly projectorHealthPort: number;
  /**
   * Decode station data files on a worker thread (INGESTION_WORKER, default true), so the HTTP
   * event loop of the embedded process stays free during big loads. Only from the built code.
   */
  readonly ingestionWorker: boolean;
  readonly serverName: string;
  readonly tag: string;
  readonly gitHash: string;
  readonly corsOrigins: readonly string[];
  /**
   * The support chat's script (VITE_SUPPORT_CHAT_URL, the same variable the web build reads): its origin
   * is allowed to run scripts and frames in the web app. Null: no chat.
   */
  readonly supportChatUrl: string | null;
  /**
   * The map's style as the web build has it (VITE_MAP_STYLE_URL, read here for the CSP: the web app may
   * fetch from its origin), and whether a Mapbox token is set (VITE_MAPBOX_TOKEN: Mapbox's hosts are allowed).
   */
  readonly map: { readonly styleUrl: string | null; readonly mapboxToken: boolean };
  /** Address people open the web app at; links in e-mails start with it. */
  readonly publicUrl: string;
  /** SMTP server for outgoing mail (smtp://user:pass@host:port). Unset: mail goes to DATA_DIR/outbox. */
  readonly smtpUrl: string | null;
  readonly mailFrom: string;
  /** Secret signing access tokens and e-mail links. Unset: generated once and kept in Postgres. */
  readonly jwtSecret: string | null;
  readonly accessTokenTtlSeconds: number;
  readonly refreshTokenTtlDays: number;
  /** Users whose terms date is older than this must accept the terms again (spec §5). */
  readonly termsDate: string;
  /** OpenID Connect single sign-on; all three set, or none. */
  readonly oidc: {
    readonly issuerUrl: string;
    readonly clientId: string;
    readonly clientSecret: string;
    readonly logoutUrl: string | null;
  } | null;
  /** Forum (Discourse) single sign-on shared secret and the forum's address. */
  readonly discourse: { readonly secret: string; readonly url: string } | null;
  /** Attempts per 15 minutes on login, register and recovery, per IP and per account. */
  readonly authRateLimit: number;
  /** Addresses that become site admins once validated (how the first admin gets in). */
  readonly adminEmails: readonly string[];
  /** Media and raw uploads in an S3-compatible bucket (S3_BUCKET). Null: a folder under DATA_DIR. */
  readonly s3: {
    readonly bucket: string;
    /** An S3-compatible server (MinIO, Ceph, …), addressed path-style. Null: AWS. */
    readonly endpoint: string | null;
    readonly region: string;
    /** Both or neither; neither uses the AWS default credential chain (environment, profile, role). */
    readonly accessKeyId: string | null;
    readonly secretAccessKey: string | null;
    /** Every key goes under this folder of the bucket ('' for none). */
    readonly prefix: string;
  } | null;
  /** Bulk analysis: the server's limits on a researcher's query (ANALYSIS_* variables). */
  readonly analysis: AnalysisLimits;
  /** What one person may ask of exports and bookmarks (EXPORT_* and BOOKMARK_* variables). */
  readonly usage: UsageLimits;
};

/** Quotas and retention (issue 31 item 4): every one a variable, each in the README's table. */
export type UsageLimits = {
  /** Exports one person may have waiting or running at once; one more is a 429 (EXPORT_MAX_WAITING_PER_USER). */
  readonly exportsWaitingPerUser: number;
  /** Exports of one person the runners run at once; the others wait their turn (EXPORT_MAX_RUNNING_PER_USER). */
  readonly exportsRunningPerUser: number;
  /** Largest export file; an export that grows past it fails, saying so (EXPORT_MAX_BYTES). */
  readonly exportMaxBytes: number;
  /** Days an export's file is kept once done; then it is deleted and the history says expired (EXPORT_RETENTION_DAYS). */
  readonly exportRetentionDays: number;
  /** Longest bookmark, in characters of its stored form (BOOKMARK_MAX_CHARS). */
  readonly bookmarkMaxChars: number;
  /** Bookmark saves an hour from one address without signing in (BOOKMARK_SAVES_PER_HOUR_ANONYMOUS). */
  readonly bookmarkSavesPerHourAnonymous: number;
  /** Bookmark saves an hour by one signed-in person (BOOKMARK_SAVES_PER_HOUR_USER). */
  readonly bookmarkSavesPerHourUser: number;
};

const usageLimitsFrom = (env: NodeJS.ProcessEnv): UsageLimits => ({
  exportsWaitingPerUser: int(env, 'EXPORT_MAX_WAITING_PER_USER', 3, 1, 1000),
  exportsRunningPerUser: int(env, 'EXPORT_MAX_RUNNING_PER_USER', 1, 1, 100),
  exportMaxBytes: int(env, 'EXPORT_MAX_BYTES', 1024 ** 3, 1024, Number.MAX_SAFE_INTEGER),
  exportRetentionDays: int(env, 'EXPORT_RETENTION_DAYS', 7, 1, 3650),
  bookmarkMaxChars: int(env, 'BOOKMARK_MAX_CHARS', 16_384, 256, 10_000_000),
  bookmarkSavesPerHourAnonymous: int(env, 'BOOKMARK_SAVES_PER_HOUR_ANONYMOUS', 120, 1, 1_000_000),
  bookmarkSavesPerHourUser: int(env, 'BOOKMARK_SAVES_PER_HOUR_USER', 600, 1, 1_000_000),
});

export { ConfigError };

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

const secret = (env: NodeJS.ProcessEnv, name: string): string | null => {
  const raw = env[name]?.trim();
  if (!raw) return null;
  if (raw.length < 32) throw new ConfigError(`${name} must be at least 32 characters`);
  return raw;
};

const isoDay = (env: NodeJS.ProcessEnv, name: string, fallback: string): string => {
  const raw = env[name]?.trim() || fallback;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw) || Number.isNaN(Date.parse(raw))) {
    throw new ConfigError(`${name} must be a date like 2020-11-17, got "${raw}"`);
  }
  return raw;
};

const oidcConfig = (env: NodeJS.ProcessEnv): AppConfig['oidc'] => {
  const issuerUrl = url(env, 'OIDC_ISSUER_URL', ['http:', 'https:']);
  const clientId = env['OIDC_CLIENT_ID']?.trim() ?? '';
  const clientSecret = env['OIDC_CLIENT_SECRET']?.trim() ?? '';
  if (!issuerUrl && !clientId && !clientSecret) return null;
  if (!issuerUrl || !clientId || !clientSecret) {
    throw new ConfigError('OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together');
  }
  return { issuerUrl, clientId, clientSecret, logoutUrl: url(env, 'OIDC_LOGOUT_URL', ['http:', 'https:']) };
};

const discourseConfig = (env: NodeJS.ProcessEnv): AppConfig['discourse'] => {
  const secret = env['DISCOURSE_SECRET']?.trim() ?? '';
  const forum = url(env, 'DISCOURSE_URL', ['http:', 'https:']);
  if (!secret && !forum) return null;
  if (!secret || !forum) throw new ConfigError('DISCOURSE_SECRET and DISCOURSE_URL must be set together');
  if (secret.length < 10) throw new ConfigError('DISCOURSE_SECRET must be at least 10 characters');
  return { secret, url: forum };
};

const s3Config = (env: NodeJS.ProcessEnv): AppConfig['s3'] => {
  const bucket = env['S3_BUCKET']?.trim() ?? '';
  const endpoint = url(env, 'S3_ENDPOINT', ['http:', 'https:']);
  const accessKeyId = env['S3_ACCESS_KEY_ID']?.trim() || null;
  const secretAccessKey = env['S3_SECRET_ACCESS_KEY']?.trim() || null;
  if (!bucket) {
    if (endpoint || accessKeyId || secretAccessKey) throw new ConfigError('S3_ENDPOINT and the S3 keys need S3_BUCKET');
    return null;
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new ConfigError(`S3_BUCKET is not a valid bucket name: "${bucket}"`);
  if (!accessKeyId !== !secretAccessKey) throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  const prefix = (env['S3_PREFIX'] ?? '').trim().replace(/^\/+|\/+$/g, '');
  if (prefix && (!/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(prefix) || prefix.split('/').some((p) => p === '.' || p === '..')))
    throw new ConfigError(`S3_PREFIX is not a valid folder: "${prefix}"`);
  return { bucket, endpoint, region: env['S3_REGION']?.trim() || 'us-east-1', accessKeyId, secretAccessKey, prefix };
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
    analysis: analysisLimitsFrom(env),
    usage: usageLimitsFrom(env),
    embeddedPostgresPort: int(env, 'EMBEDDED_PG_PORT', 54329, 1, 65535),
    logLevel,
    logRetentionDays: int(env, 'LOG_RETENTION_DAYS', 10, 0, 365),
    readYourWritesTimeoutMs: int(env, 'READ_YOUR_WRITES_TIMEOUT_MS', 2000, 0, 60000),
    notificationsSweepMs: int(env, 'NOTIFICATIONS_SWEEP_MS', 1000, 100, 600000),
    seedDemoData: (env['SEED_DEMO_DATA'] ?? 'true') !== 'false',
    seedDemoDays: int(env, 'SEED_DEMO_DAYS', 365, 0, 3650),
    projectorBatchSize: int(env, 'PROJECTOR_BATCH_SIZE', 1000, 1, 100_000),
    projectorPollMs: int(env, 'PROJECTOR_POLL_MS', 50, 5, 60_000),
    projectorHealthPort: int(env, 'PROJECTOR_HEALTH_PORT', 3001, 0, 65535),
    ingestionWorker: (env['INGESTION_WORKER'] ?? 'true') !== 'false',
    chartSessions: int(env, 'CHART_SESSIONS', 2, 0, 16),
    chartCacheRows: int(env, 'CHART_CACHE_ROWS', 500_000, 0, 100_000_000),
    mapCacheStations: int(env, 'MAP_CACHE_STATIONS', 200_000, 0, 100_000_000),
    serverName: env['SERVER_NAME'] || 'groundtruth',
    tag: env['GT_TAG'] || 'dev',
    gitHash: env['GIT_HASH'] || '',
    corsOrigins: (env['CORS_ORIGINS'] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    supportChatUrl: url(env, 'VITE_SUPPORT_CHAT_URL', ['https:']),
    map: { styleUrl: env['VITE_MAP_STYLE_URL']?.trim() || null, mapboxToken: !!env['VITE_MAPBOX_TOKEN']?.trim() },
    publicUrl: (url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${int(env, 'PORT', 3000, 0, 65535)}`).replace(
      /\/+$/,
      '',
    ),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: env['MAIL_FROM']?.trim() || 'Groundtruth <no-reply@groundtruth.local>',
    jwtSecret: secret(env, 'JWT_SECRET'),
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL_SECONDS', 900, 10, 86_400),
    refreshTokenTtlDays: int(env, 'REFRESH_TOKEN_TTL_DAYS', 30, 1, 365),
    termsDate: isoDay(env, 'TERMS_DATE', '2020-11-17'),
    oidc: oidcConfig(env),
    discourse: discourseConfig(env),
    authRateLimit: int(env, 'AUTH_RATE_LIMIT', 20, 1, 100_000),
    adminEmails: (env['ADMIN_EMAILS'] ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    s3: s3Config(env),
  };
};
