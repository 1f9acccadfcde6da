import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { DomainError } from '@groundtruth/domain';
import { VERSION_REQUIRED, type RouteContract } from '@groundtruth/contracts';
import type { Request } from 'express';
import { ROUTE } from './api-route.decorator.js';

/**
 * The answer to an edit made on an older version: a 409 like any conflict, whose body also holds
 * the current state (as the route's GET answers it, with its version), so the client can show what
 * changed without asking again.
 */
export class VersionConflict extends DomainError {
  constructor(
    code: string,
    message: string,
    readonly current: unknown,
  ) {
    super('conflict', code, message);
  }
}

const invalid = () =>
  DomainError.validation('VERSION.INVALID', { version: 'Must be the version you read.' }, 'The version is not valid.');

/** `"7"` (or `W/"7"`, or a bare 7) → 7; anything else is a 400. A list or `*` names no one version. */
const fromIfMatch = (header: string): number => {
  const match = /^\s*(?:W\/)?"?(\d{1,15})"?\s*$/.exec(header);
  if (!match) throw invalid();
  return Number(match[1]);
};

/**
 * The version an edit was sent with. Read `value` once the caller is known to be allowed: a call
 * that would be refused anyway (403, 404) is answered so, and only then does a missing version
 * matter, as a 428 (VERSION.REQUIRED): an edit without one cannot be told from one made on an
 * older state, so it is not taken.
 */
export class SentVersion {
  constructor(private readonly sent: number | undefined) {}

  get value(): number {
    if (this.sent === undefined) {
      throw new DomainError(
        'precondition_required',
        VERSION_REQUIRED,
        'Send the version you read (`version`, or If-Match with its ETag): without it an edit could overwrite a newer one.',
      );
    }
    return this.sent;
  }
}

/**
 * The version an edit was made on, for every versioned route the same way: `If-Match` (the ETag
 * form, `"7"`) or `version` in the JSON body; both must agree, and a malformed If-Match is a 400 (a
 * malformed body version is refused by the route's body schema, which every versioned route's
 * body carries as `version`).
 */
export const ExpectedVersion = createParamDecorator((_: unknown, ctx: ExecutionContext): SentVersion => {
  const req = ctx.switchToHttp().getRequest<Request>();
  const route = Reflect.getMetadata(ROUTE, ctx.getHandler()) as RouteContract | undefined;
  if (!route?.versioned) throw new Error('@ExpectedVersion() on a route whose contract is not versioned');
  const header = req.headers['if-match'];
  const fromHeader = typeof header === 'string' && header.length > 0 ? fromIfMatch(header) : undefined;
  const raw: unknown = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>)['version'] : undefined;
  // A body version that is not one is the body schema's to refuse, with the other field errors.
  const fromBody = typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0 ? raw : undefined;
  if (fromHeader !== undefined && fromBody !== undefined && fromHeader !== fromBody) {
    throw DomainError.validation(
      'VERSION.MISMATCH',
      { version: 'If-Match and version name different versions.' },
      'If-Match and version name different versions.',
    );
  }
  return new SentVersion(fromHeader ?? fromBody);
});
