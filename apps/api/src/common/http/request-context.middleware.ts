import { randomUUID } from 'node:crypto';
import { localeFromAcceptLanguage } from '@groundtruth/domain';
import { requestContext, type Logger } from '@groundtruth/platform';
import type { NextFunction, Request, Response } from 'express';

const ID = /^[\w.:-]{1,128}$/;

/**
 * Gives each request an id (kept from X-Request-Id when sane) and a correlation id (from
 * X-Correlation-Id, else the request id) that travel into logs and event metadata; logs one line
 * per request when it finishes.
 */
export const requestContextMiddleware = (log: Logger) => (req: Request, res: Response, next: NextFunction) => {
  const header = (name: string) => {
    const v = req.header(name);
    return v && ID.test(v) ? v : undefined;
  };
  const requestId = header('x-request-id') ?? randomUUID();
  const correlationId = header('x-correlation-id') ?? requestId;
  res.setHeader('X-Request-Id', requestId);
  res.setHeader('X-Correlation-Id', correlationId);
  const started = performance.now();
  res.on('finish', () => {
    const entry = {
      method: req.method,
      path: req.originalUrl.split('?')[0],
      status: res.statusCode,
      ms: Math.round(performance.now() - started),
      requestId,
      correlationId,
    };
    if (res.statusCode >= 500) log.error(entry, 'request failed');
    else if (req.originalUrl.startsWith('/api')) log.info(entry, 'request');
  });
  requestContext.run({ requestId, correlationId, locale: localeFromAcceptLanguage(req.header('accept-language')) }, () => next());
};
