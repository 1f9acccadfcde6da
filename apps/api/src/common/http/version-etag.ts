import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { RouteContract } from '@groundtruth/contracts';
import type { Request, Response } from 'express';
import { map, type Observable } from 'rxjs';
import { ROUTE } from './api-route.decorator.js';

/** The ETag of an answer holding `version`: `"7"`, the form If-Match takes back (ExpectedVersion). */
export const versionEtag = (answer: unknown): string | null => {
  const version = answer && typeof answer === 'object' ? (answer as Record<string, unknown>)['version'] : undefined;
  return typeof version === 'number' && Number.isSafeInteger(version) && version >= 0 ? `"${version}"` : null;
};

/**
 * A GET whose contract says `versionEtag` sends the answer's `version` as its ETag, so the ETag a
 * client reads is the one an edit's If-Match takes (other answers send none: Express's body hash is
 * off, see bootstrap). It validates edits, not the answer: counts and roles in it change without
 * the version, so a conditional GET (If-None-Match) is answered in full, never 304.
 */
@Injectable()
export class VersionEtagInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const route = Reflect.getMetadata(ROUTE, context.getHandler()) as RouteContract | undefined;
    if (!route?.versionEtag) return next.handle();
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    delete req.headers['if-none-match'];
    return next.handle().pipe(
      map((answer: unknown) => {
        const etag = versionEtag(answer);
        if (etag !== null && !res.headersSent) res.setHeader('ETag', etag);
        return answer;
      }),
    );
  }
}
