import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import helmet from 'helmet';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { LoggerService } from '@nestjs/common';
import type { Logger, Runtime } from '@groundtruth/platform';
import { AppModule, type AppOptions } from './app.module.js';
import { DomainErrorFilter, routeNotFound } from './common/http/domain-error.filter.js';
import { jsonBodyParser } from './common/http/json-body.js';
import { requestContextMiddleware } from './common/http/request-context.middleware.js';
import { DemoReadingsSeeder } from './seed/demo-readings.js';
import { DemoSeeder } from './seed/demo-seeder.js';
import { mountDocsAssets, mountWebApp } from './web/web-app.js';

/** Nest's own messages go to the same structured log. */
const nestLogger = (log: Logger): LoggerService => ({
  log: (message, context) => log.debug({ context }, String(message)),
  error: (message, trace, context) => log.error({ context, trace }, String(message)),
  warn: (message, context) => log.warn({ context }, String(message)),
  debug: (message, context) => log.debug({ context }, String(message)),
  verbose: (message, context) => log.trace({ context }, String(message)),
});

/**
 * CSP for the web app: scripts and styles from this origin only (MUI's emotion needs inline
 * styles); images, map tiles and the map's worker from this origin, data: and blob:, plus https:
 * for tile and style services configured by the operator; the support chat's origin when one is set.
 * HSTS only matters behind https.
 */
const securityHeaders = (runtime: Runtime) => {
  // The support chat (VITE_SUPPORT_CHAT_URL) loads its script, and usually a frame, from its own origin.
  const chat = runtime.config.supportChatUrl ? [new URL(runtime.config.supportChatUrl).origin] : [];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...chat],
        'frame-src': ["'self'", ...chat],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", 'https:', 'wss:', 'ws:'],
        'worker-src': ["'self'", 'blob:'],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'", ...(runtime.config.oidc ? [new URL(runtime.config.oidc.issuerUrl).origin] : [])],
        'upgrade-insecure-requests': null,
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
};

/** Builds the HTTP app (API under /api, web app at /) over opened stores; listens when `port` is given. */
export const createApiApp = async (runtime: Runtime, options: AppOptions & { port?: number; seed?: boolean }) => {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(runtime, options), {
    logger: nestLogger(runtime.log),
    // Bodies are read by jsonBodyParser alone (it keeps req.rawBody and refuses deep nesting).
    bodyParser: false,
  });
  const express = app.getHttpAdapter().getInstance();
  express.disable('x-powered-by');
  express.set('trust proxy', 'loopback');
  app.use(requestContextMiddleware(runtime.log));
  app.use(jsonBodyParser());
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new DomainErrorFilter(runtime.log));
  app.use(securityHeaders(runtime));
  mountDocsAssets(express);
  // Other origins only from the allowlist; the token header must be readable by them (spec §7).
  app.enableCors({
    origin: runtime.config.corsOrigins.length ? [...runtime.config.corsOrigins] : false,
    exposedHeaders: ['Authorization', 'X-Request-Id'],
    maxAge: 600,
  });
  await app.init();
  const served = mountWebApp(express);
  if (!served) runtime.log.warn('apps/web/dist is missing: the web app is not served (run npm run build)');
  // Whatever neither the API nor the web app answered (non-GET outside /api, or no web build).
  express.use((_req: unknown, res: { status(n: number): { json(b: unknown): void } }) => res.status(404).json(routeNotFound));
  const seed = options.seed ?? runtime.config.seedDemoData;
  if (seed) await app.get(DemoSeeder).seedOnce();
  if (options.port !== undefined) {
    await app.listen(options.port, '0.0.0.0');
    // The demo stations' readings go through the real upload endpoint, so only once it listens.
    const { port } = app.getHttpServer().address() as { port: number };
    if (seed) app.get(DemoReadingsSeeder).start(`http://127.0.0.1:${port}`);
  }
  return app;
};
