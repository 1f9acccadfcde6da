import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives working defaults for an empty environment', () => {
    const sut = loadConfig({});
    expect(sut).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      smtpUrl: null,
      jwtSecret: null,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
      termsDate: '2020-11-17',
      oidc: null,
      discourse: null,
      authRateLimit: 20,
      adminEmails: [],
      s3: null,
      supportChatUrl: null,
      usage: {
        exportsWaitingPerUser: 3,
        exportsRunningPerUser: 1,
        exportMaxBytes: 1024 ** 3,
        exportRetentionDays: 7,
        bookmarkMaxChars: 16_384,
        bookmarkSavesPerHourAnonymous: 120,
        bookmarkSavesPerHourUser: 600,
      },
    });
  });

  it('reads the export and bookmark limits, refusing what is not a whole number in range', () => {
    expect(loadConfig({ EXPORT_MAX_BYTES: '5000000000', EXPORT_RETENTION_DAYS: '30' }).usage).toMatchObject({
      exportMaxBytes: 5_000_000_000,
      exportRetentionDays: 30,
    });
    expect(() => loadConfig({ EXPORT_MAX_WAITING_PER_USER: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ BOOKMARK_SAVES_PER_HOUR_ANONYMOUS: 'lots' })).toThrow(ConfigError);
  });

  it('takes the support chat script from VITE_SUPPORT_CHAT_URL, https only', () => {
    expect(loadConfig({ VITE_SUPPORT_CHAT_URL: 'https://chat.example.org/widget.js' }).supportChatUrl).toBe(
      'https://chat.example.org/widget.js',
    );
    expect(() => loadConfig({ VITE_SUPPORT_CHAT_URL: 'http://chat.example.org/widget.js' })).toThrow(ConfigError);
  });

  it('reads the S3 settings, with a default region and a cleaned prefix', () => {
    const sut = loadConfig({
      S3_BUCKET: 'gt-media',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: '/prod/',
    });
    expect(sut.s3).toEqual({
      bucket: 'gt-media',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      prefix: 'prod',
    });
    expect(loadConfig({ S3_BUCKET: 'gt-media', S3_REGION: 'eu-west-1' }).s3).toMatchObject({
      region: 'eu-west-1',
      endpoint: null,
      accessKeyId: null,
    });
  });

  it.each([
    [{ S3_ENDPOINT: 'http://minio:9000' }, 'S3_ENDPOINT and the S3 keys need S3_BUCKET'],
    [{ S3_BUCKET: 'Bad_Bucket' }, 'S3_BUCKET is not a valid bucket name'],
    [{ S3_BUCKET: 'gt-media', S3_ACCESS_KEY_ID: 'key' }, 'must be set together'],
    [{ S3_BUCKET: 'gt-media', S3_ENDPOINT: 'ftp://x' }, 'S3_ENDPOINT must start with'],
    [{ S3_BUCKET: 'gt-media', S3_PREFIX: 'a/../b' }, 'S3_PREFIX is not a valid folder'],
  ])('refuses inconsistent S3 settings %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads the account variables, trimming and lower-casing admin addresses', () => {
    const sut = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://groundtruth.example.org/',
      SMTP_URL: 'smtp://u:p@mail:587',
      JWT_SECRET: 'x'.repeat(32),
      TERMS_DATE: '2026-01-31',
      ADMIN_EMAILS: ' Ana@Example.org , bo@example.org,',
      OIDC_ISSUER_URL: 'https://id.example.org/realms/gt',
      OIDC_CLIENT_ID: 'web',
      OIDC_CLIENT_SECRET: 'secret',
      DISCOURSE_SECRET: 'a long shared secret',
      DISCOURSE_URL: 'https://forum.example.org',
    });
    expect(sut).toMatchObject({
      publicUrl: 'https://groundtruth.example.org',
      smtpUrl: 'smtp://u:p@mail:587',
      termsDate: '2026-01-31',
      adminEmails: ['ana@example.org', 'bo@example.org'],
      oidc: { issuerUrl: 'https://id.example.org/realms/gt', clientId: 'web', clientSecret: 'secret', logoutUrl: null },
      discourse: { secret: 'a long shared secret', url: 'https://forum.example.org' },
    });
  });

  it.each([
    ['a short JWT secret', { JWT_SECRET: 'short' }, /JWT_SECRET must be at least 32/],
    ['half an OIDC setup', { OIDC_ISSUER_URL: 'https://id.example.org' }, /must be set together/],
    ['a forum secret without the forum', { DISCOURSE_SECRET: 'a long shared secret' }, /must be set together/],
    ['a terms date that is not a day', { TERMS_DATE: 'last week' }, /TERMS_DATE must be a date/],
    ['an SMTP URL of another scheme', { SMTP_URL: 'http://mail' }, /SMTP_URL must start with smtp: or smtps:/],
    ['a token lifetime out of range', { ACCESS_TOKEN_TTL_SECONDS: '1' }, /ACCESS_TOKEN_TTL_SECONDS/],
  ])('refuses %s with a message naming the variable', (_case, env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
