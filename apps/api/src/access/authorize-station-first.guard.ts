import { Inject, Injectable, mixin, UseGuards, type CanActivate, type ExecutionContext, type Type } from '@nestjs/common';
import { anonymous } from '@groundtruth/domain';
import { IdParams } from '@groundtruth/contracts';
import type { AuthenticatedRequest } from '../accounts/index.js';
import { parseInput } from '../common/http/parse-input.js';
import { StationAccessQueries, type StationAction } from './station-access.js';

/**
 * Asks the policy for `action` on the station of the route's `{id}` before the body is read:
 * guards run before interceptors and handlers, so a refused caller cannot make the server take in
 * a large upload first (spec §8's private-station 403, or the policy's 401/403). `action` may
 * depend on the request's headers and query (note media take `station.writeNotes`). Runs after
 * the global AuthGuard, which sets the actor. The module using it provides StationAccessQueries.
 */
export const AuthorizeStationFirst = (action: StationAction | ((req: AuthenticatedRequest) => StationAction)) => {
  @Injectable()
  class StationFirst implements CanActivate {
    constructor(@Inject(StationAccessQueries) private readonly access: StationAccessQueries) {}

    async canActivate(context: ExecutionContext): Promise<boolean> {
      const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
      const { id } = parseInput(IdParams, req.params, 'params');
      await this.access.authorize(req.auth?.actor ?? anonymous, typeof action === 'function' ? action(req) : action, id);
      return true;
    }
  }
  return UseGuards(mixin(StationFirst) as Type<CanActivate>);
};
