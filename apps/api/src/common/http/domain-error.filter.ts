import { Catch, HttpException, HttpStatus, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { DomainError, type DomainErrorKind } from '@groundtruth/domain';
import type { ErrorBody } from '@groundtruth/contracts';
import { isConnectionError, isMissingTable, type Logger } from '@groundtruth/platform';
import type { Response } from 'express';
import { PendingAnswer, pendingAnswer, sendPending } from '../cqrs/pending-writes.js';
import { VersionConflict } from './expected-version.js';
import { tooDeep } from './json-body.js';

const statusOf: Record<DomainErrorKind, number> = {
  validation: HttpStatus.BAD_REQUEST,
  unauthenticated: HttpStatus.UNAUTHORIZED,
  forbidden: HttpStatus.FORBIDDEN,
  not_found: HttpStatus.NOT_FOUND,
  gone: HttpStatus.GONE,
  conflict: HttpStatus.CONFLICT,
  precondition_required: HttpStatus.PRECONDITION_REQUIRED,
  too_many_requests: HttpStatus.TOO_MANY_REQUESTS,
};

/** The answer for an address the API does not know (also used past the web app's fallback). */
export const routeNotFound: ErrorBody = { code: 'ROUTE.NOT_FOUND', message: 'There is nothing at this address.' };

const httpCodes: Record<number, string> = {
  400: 'REQUEST.MALFORMED',
  405: 'ROUTE.METHOD_NOT_ALLOWED',
  413: 'REQUEST.TOO_LARGE',
  415: 'REQUEST.UNSUPPORTED_MEDIA_TYPE',
};

/**
 * The one place errors become HTTP answers `{ code, message, errors? }`. Domain errors map by
 * kind; framework errors (bad JSON, unknown route) keep their 4xx; a store out of reach (Postgres,
 * ClickHouse over HTTP) or a read model not created yet is a 503 with Retry-After, a 429 always says when to retry; anything else is a logged 500.
 */
@Catch()
export class DomainErrorFilter implements ExceptionFilter {
  constructor(private readonly log: Logger) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    // A read model that does not show this request's own change yet is no reason to deny it.
    const pending =
      error instanceof PendingAnswer
        ? error.body
        : error instanceof DomainError && error.kind === 'not_found'
          ? pendingAnswer()
          : null;
    if (pending) {
      if (!res.headersSent) sendPending(res, pending);
      return;
    }
    let status: number;
    let body: ErrorBody;
    if (isTooDeep(error)) {
      status = HttpStatus.BAD_REQUEST;
      body = { code: tooDeep.code, message: tooDeep.message };
    } else if (error instanceof DomainError) {
      status = statusOf[error.kind];
      body = { code: error.code, message: error.message, ...(error.fieldErrors ? { errors: { ...error.fieldErrors } } : {}) };
      if (error instanceof VersionConflict) {
        // A stale edit answers what is there now, with its version, as the GET does.
        body = { ...body, current: error.current };
      }
    } else if (error instanceof HttpException && error.getStatus() < 500) {
      status = error.getStatus();
      const message =
        status === 404 ? 'There is nothing at this address.' : status === 400 ? 'The request could not be read.' : error.message;
      body = { code: httpCodes[status] ?? `HTTP.${status}`, message };
    } else if (isBodyParserError(error)) {
      status = error.status;
      body = {
        code: httpCodes[status] ?? `HTTP.${status}`,
        message: status === 413 ? 'The request body is too large.' : 'The request body is not valid JSON.',
      };
    } else if (isConnectionError(error)) {
      // A store out of reach is no fault of the request: say so, and when to ask again.
      status = HttpStatus.SERVICE_UNAVAILABLE;
      this.log.warn({ err: error }, 'a store is unreachable');
      body = { code: 'SERVICE.UNAVAILABLE', message: 'The service is unavailable right now. Please try again in a moment.' };
    } else if (isMissingTable(error)) {
      // A read model not created yet (the API started before the projector): the answer is not known yet, not wrong.
      status = HttpStatus.SERVICE_UNAVAILABLE;
      this.log.warn({ err: error }, 'a read model is not created yet');
      body = { code: 'READ_MODEL.NOT_READY', message: 'This is still being prepared. Please try again in a moment.' };
    } else {
      status = HttpStatus.INTERNAL_SERVER_ERROR;
      this.log.error({ err: error }, 'unhandled error');
      body = { code: 'INTERNAL', message: 'Something went wrong. Please try again later.' };
    }
    if (res.headersSent) return;
    if (status === HttpStatus.SERVICE_UNAVAILABLE) res.setHeader('Retry-After', '5');
    if (status === HttpStatus.TOO_MANY_REQUESTS) res.setHeader('Retry-After', String(retryAfterOf(error)));
    res.status(status).json(body);
  }
}

/** Seconds until a refused caller may try again: the limiter's own figure, else a minute. */
const retryAfterOf = (e: unknown): number => {
  const seconds = typeof e === 'object' && e !== null ? (e as { retryAfterSeconds?: unknown }).retryAfterSeconds : undefined;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60;
};

/** The JSON reader's depth refusal, as it comes (or as Nest wraps it in an HttpException). */
const isTooDeep = (e: unknown): boolean => {
  const cause = e instanceof HttpException ? e.cause : e;
  return typeof cause === 'object' && cause !== null && (cause as { type?: unknown }).type === tooDeep.type;
};

const isBodyParserError = (e: unknown): e is { status: number; type: string } =>
  typeof e === 'object' &&
  e !== null &&
  typeof (e as { status?: unknown }).status === 'number' &&
  (e as { status: number }).status < 500 &&
  'type' in e;
