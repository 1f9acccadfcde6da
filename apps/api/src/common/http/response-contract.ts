import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { RouteContract } from '@groundtruth/contracts';
import { map, type Observable } from 'rxjs';
import { ROUTE } from './api-route.decorator.js';

/**
 * What is wrong with an answer for its route's contract, or null when it fits: the answer as it goes
 * on the wire (after JSON), against the contract's response schema or one of its alternative forms.
 * An answer sent by the handler itself (a download, a stream) is not seen here.
 */
export const responseContractBreach = (route: RouteContract, answer: unknown): string | null => {
  if (!route.response || answer === undefined) return null;
  const sent: unknown = JSON.parse(JSON.stringify(answer));
  const forms = [route.response, ...Object.values(route.alternatives ?? {})];
  if (forms.some((schema) => schema.safeParse(sent).success)) return null;
  const result = route.response.safeParse(sent);
  return result.success
    ? null
    : result.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('; ');
};

/** An answer that does not fit its contract: a defect of the server, so a 500 from the one filter. */
export class ResponseContractBroken extends Error {
  override readonly name = 'ResponseContractBroken';

  constructor(route: RouteContract, breach: string) {
    super(`${route.method.toUpperCase()} ${route.path} answered outside its contract: ${breach}`);
  }
}

/**
 * Checks every answer against its route contract's response schema (the one the OpenAPI document and
 * the web app's types come from), so the three cannot drift apart unseen. On in the end-to-end tests
 * (AppOptions.checkResponses); off in production, where the cost buys nothing the tests did not.
 */
@Injectable()
export class ResponseContractCheck implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const route = Reflect.getMetadata(ROUTE, context.getHandler()) as RouteContract | undefined;
    if (!route?.response) return next.handle();
    return next.handle().pipe(
      map((answer: unknown) => {
        const breach = responseContractBreach(route, answer);
        if (breach !== null) throw new ResponseContractBroken(route, breach);
        return answer;
      }),
    );
  }
}
