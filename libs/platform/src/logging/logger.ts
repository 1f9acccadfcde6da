import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type Logger } from 'pino';

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

/** One JSON line per entry on stdout, with the current request's ids mixed in. */
export const createLogger = (level: string, name = 'groundtruth'): Logger =>
  pino({
    name,
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => {
      const ctx = requestContext.getStore();
      return ctx ? { requestId: ctx.requestId, correlationId: ctx.correlationId } : {};
    },
    formatters: { level: (label) => ({ level: label }) },
  });
