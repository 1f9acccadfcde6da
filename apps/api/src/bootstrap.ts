import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { LoggerService } from '@nestjs/common';
import type { Logger, Runtime } from '@groundtruth/platform';
import { AppModule, type AppOptions } from './app.module.js';
import { DomainErrorFilter, routeNotFound } from './common/http/domain-error.filter.js';
import { compressAnswers } from './common/http/compress-answers.js';
import { jsonBodyParser } from './common/http/json-body.js';
import { jsonOnce } from './common/http/wants-columns.js';
import { requestContextMiddleware } from './common/http/request-context.middleware.js';
import { DemoReadingsSeeder } from './seed/demo-readings.js';
import { DemoSeeder } from './seed/demo-seeder.js';
import { mountSharePage } from './bookmarks/share-preview/share-page.js';
import { SharePreview } from './bookmarks/share-preview/share-preview.js';
import { PostgresIoAdapter } from './discussions/index.js';
import { BookmarkStore } from './bookmarks/bookmark-store.js';
import { bookmarkFirstAnswers } from './bookmarks/first-answers.js';
import { mountDocsAssets, mountWebApp, webDistDir } from './web/web-app.js';
import { securityHeaders } from './web/security-headers.js';

/** Nest's own messages go to the same structured log. */
const nestLogger = (log: Logger): LoggerService => ({
  log: (message, context) => log.debug({ context }, String(message)),
  error: (message, trace, context) => log.error({ context, trace }, String(message)),
  warn: (message, context) => log.warn({ context }, String(message)),
  debug: (message, context) => log.debug({ context }, String(message)),
  verbose: (message, context) => log.trace({ context }, String(message)),
});

/** Builds the HTTP app (API under /api, web app at /) over opened stores; listens when `port` is given. */
export const createApiApp = async (runtime: Runtime, options: AppOptions & { port?: number; seed?: boolean }) => {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(runtime, options), {
    logger: nestLogger(runtime.log),
    // Bodies are read by jsonBodyParser alone (it keeps req.rawBody and refuses deep nesting).
    bodyParser: false,
  });
  const express = app.getHttpAdapter().getInstance();
  express.disable('x-powered-by');
  // No body-hash ETags: If-Match takes a version, so only a versioned resource's GET sends one, its
  // version (VersionEtagInterceptor); media and static files send their own.
  express.set('etag', false);
  express.set('trust proxy', 'loopback');
  app.use(requestContextMiddleware(runtime.log));
  app.use(compressAnswers());
  app.use(jsonOnce());
  // API answers depend on the caller (permissions, sessions) and change with every command: no cache
  // keeps them unless a route says otherwise (public media, the API docs).
  app.use('/api', (_req: unknown, res: { setHeader(n: string, v: string): void }, next: () => void) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.use(jsonBodyParser());
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new DomainErrorFilter(runtime.log));
  app.use(securityHeaders(runtime.config));
  mountDocsAssets(express);
  // Other origins only from the allowlist; the token header must be readable by them (spec §7).
  app.enableCors({
    origin: runtime.config.corsOrigins.length ? [...runtime.config.corsOrigins] : false,
    exposedHeaders: ['Authorization', 'X-Request-Id'],
    maxAge: 600,
  });
  // Live notifications (socket.io at /notifications) reach sockets held by other API processes too.
  app.useWebSocketAdapter(new PostgresIoAdapter(app, runtime.pool));
  await app.init();
  mountSharePage(express, app.get(SharePreview), runtime.config.publicUrl);
  const served = mountWebApp(express, webDistDir, bookmarkFirstAnswers(app.get(BookmarkStore)));
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
