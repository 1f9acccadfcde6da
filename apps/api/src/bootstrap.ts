import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { LoggerService } from '@nestjs/common';
import type { Logger, Runtime } from '@groundtruth/platform';
import { AppModule, type AppOptions } from './app.module.js';
import { DomainErrorFilter, routeNotFound } from './common/http/domain-error.filter.js';
import { requestContextMiddleware } from './common/http/request-context.middleware.js';
import { DemoSeeder } from './seed/demo-seeder.js';
import { mountWebApp } from './web/web-app.js';

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
    bodyParser: false,
  });
  const express = app.getHttpAdapter().getInstance();
  express.disable('x-powered-by');
  express.set('trust proxy', 'loopback');
  app.use(requestContextMiddleware(runtime.log));
  app.useBodyParser('json', { limit: '1mb' });
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new DomainErrorFilter(runtime.log));
  if (runtime.config.corsOrigins.length) app.enableCors({ origin: [...runtime.config.corsOrigins], credentials: true });
  await app.init();
  const served = mountWebApp(express);
  if (!served) runtime.log.warn('apps/web/dist is missing: the web app is not served (run npm run build)');
  // Whatever neither the API nor the web app answered (non-GET outside /api, or no web build).
  express.use((_req: unknown, res: { status(n: number): { json(b: unknown): void } }) => res.status(404).json(routeNotFound));
  if (options.seed ?? runtime.config.seedDemoData) await app.get(DemoSeeder).seedOnce();
  if (options.port !== undefined) await app.listen(options.port, '0.0.0.0');
  return app;
};
