import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { AFTER_HEADER, AFTER_UNKNOWN, type CommandPending } from '@groundtruth/contracts';
import { DomainError } from '@groundtruth/domain';
import {
  EVENT_STORE,
  positionFromString,
  positionToString,
  requestContext,
  type EventStore,
  type LogPosition,
} from '@groundtruth/platform';
import type { Request, Response } from 'express';
import { from, map, switchMap, throwError, type Observable } from 'rxjs';
import { ReadYourWrites } from './read-your-writes.js';

/** Where each kind of stream can be read back (streams with no address of their own have none). */
const ADDRESSES: Record<string, string> = {
  project: '/api/projects/',
  station: '/api/stations/',
  user: '/api/users/',
};

const addressOf = (streamId: string | null): { id?: number; location?: string } => {
  const m = streamId ? /^([a-z]+(?:-[a-z]+)*)-(\d+)$/.exec(streamId) : null;
  if (!m) return {};
  const id = Number(m[2]);
  const base = ADDRESSES[m[1]!];
  return base ? { id, location: `${base}${id}` } : { id };
};

const STILL_PENDING = { code: 'COMMAND.PENDING', message: 'Saved. It will show in a moment.' } as const;

/** Notes, for this request's answer, that a change it made is not shown by the read side yet. */
export const notePendingWrite = (streamId: string | null, position: LogPosition): void => {
  const ctx = requestContext.getStore();
  if (!ctx) return;
  (ctx.pendingWrites ??= []).push({ streamId, position: positionToString(position) });
};

/**
 * The answer for a request whose change the read side does not show yet, or null when it has none.
 * The first change names what the answer is about (a command changes one aggregate, bar a few
 * that also withdraw invitations first).
 */
export const pendingAnswer = (): CommandPending | null => {
  const pending = requestContext.getStore()?.pendingWrites;
  const last = pending?.[pending.length - 1];
  if (!pending || !last) return null;
  const main = pending[0]!;
  return {
    ...STILL_PENDING,
    ...addressOf(main.streamId),
    after: last.position,
  };
};

/**
 * Thrown by the interceptor in place of the handler's answer, so that the one error filter sends
 * the 202 (Nest would otherwise reset the status to the route's own).
 */
export class PendingAnswer extends Error {
  override readonly name = 'PendingAnswer';

  constructor(readonly body: CommandPending) {
    super(body.message);
  }
}

export const sendPending = (res: Response, body: CommandPending): void => {
  if (body.location) res.setHeader('Location', body.location);
  res.status(202).json(body);
};

const POSITION = /^\d{1,20}\/\d{1,20}$/;

const unknownPosition = () =>
  new DomainError(
    'validation',
    AFTER_UNKNOWN,
    `${AFTER_HEADER} names no change of this log: send back the \`after\` of a 202 answer, or nothing.`,
  );

/**
 * A command never denies what it did: when the read side has not caught up within the bound and the
 * handler's read of it finds nothing, the domain error filter answers 202 with what it knows (what
 * changed, where to read it, the log position) instead of a 404. A handler that could answer keeps
 * its answer, with the position (`Groundtruth-After`) and `Location` in headers. A read that carries `Groundtruth-After`
 * first waits (bounded) until every projection has passed that position, and answers 202 again
 * if they still have not; a position the log never gave out (malformed, beyond its head) is a 400
 * at once, so nobody can hold a request (and its connection) for the whole bound with a made-up one.
 */
@Injectable()
export class PendingWritesInterceptor implements NestInterceptor {
  constructor(
    private readonly readYourWrites: ReadYourWrites,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    // A handler that could answer (from what the command returned, or a read model that already
    // had the object) keeps its answer; it only says where and after what to read the change again.
    const answer = (result: unknown) => {
      const pending = pendingAnswer();
      if (pending && !res.headersSent) {
        res.setHeader(AFTER_HEADER, pending.after);
        if (pending.location) res.setHeader('Location', pending.location);
      }
      return result;
    };
    const after = req.method === 'GET' ? req.header(AFTER_HEADER) : undefined;
    if (!after) return next.handle().pipe(map(answer));
    if (!POSITION.test(after)) return throwError(unknownPosition);
    const position = positionFromString(after);
    return from(this.store.holds(position)).pipe(
      switchMap((held) => (held ? from(this.readYourWrites.waitForAll(position)) : throwError(unknownPosition))),
      switchMap((reached) =>
        reached
          ? next.handle().pipe(map(answer))
          : throwError(() => new PendingAnswer({ ...STILL_PENDING, location: req.originalUrl.split('?')[0]!, after })),
      ),
    );
  }
}
