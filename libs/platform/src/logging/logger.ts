import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type Logger } from 'pino';
import type { LogCapture } from './log-capture.js';

export type Logger_ = Logger;
export type { Logger };

/** Ids of the request being served, added to every log line written while serving it. */
export type RequestContext = {
  readonly requestId: string;
  readonly correlationId: string;
  userId?: number | null;
  /** The caller's language (Accept-Language; the web app sends its own choice). */
  readonly locale?: 'en-US' | 'es-ES';
  /**
   * Changes this request made that the read side did not show within the read-your-writes bound:
   * the answer then says so (202) instead of reading a model that does not show them yet.
   */
  pendingWrites?: { readonly streamId: string | null; readonly position: string }[];
};

export const requestContext = new AsyncLocalStorage<RequestContext>();

export type LoggerOptions = {
  /** Also queue every line for the product's log view (the API and projector processes). */
  readonly capture?: LogCapture;
  /** Write to standard output (default true); tests that read the log view turn it off. */
  readonly stdout?: boolean;
};

/**
 * One JSON line per entry on stdout, with the current request's ids (and the signed-in user) mixed
 * in; with `capture`, the same lines also go to the log view's queue (which never blocks).
 */
export const createLogger = (level: string, name = 'groundtruth', options: LoggerOptions = {}): Logger => {
  const settings = {
    name,
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => {
      const ctx = requestContext.getStore();
      if (!ctx) return {};
      return ctx.userId
        ? { requestId: ctx.requestId, correlationId: ctx.correlationId, userId: ctx.userId }
        : { requestId: ctx.requestId, correlationId: ctx.correlationId };
    },
    formatters: { level: (label: string) => ({ level: label }) },
  };
  if (!options.capture) return options.stdout === false ? pino({ ...settings, enabled: false }) : pino(settings);
  const streamLevel = (level === 'silent' ? 'fatal' : level) as pino.Level;
  const streams: pino.StreamEntry[] = [{ level: streamLevel, stream: options.capture.stream }];
  if (options.stdout !== false) streams.push({ level: streamLevel, stream: pino.destination(1) });
  return pino(settings, pino.multistream(streams));
};
