import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { anonymous } from '@groundtruth/domain';
import { IdParams } from '@groundtruth/contracts';
import type { AuthenticatedRequest } from '../../auth/auth.guard.js';
import { parseInput } from '../../common/http/parse-input.js';
import { StationAccessQueries } from '../../stations/queries/station-access.js';

/**
 * Asks the policy for `station.update` on the station of the route's `{id}` before the body is
 * read: guards run before interceptors, so a refused caller cannot make the server take in a large
 * file first. Runs after the global AuthGuard, which sets the actor.
 */
@Injectable()
export class StationUpdateFirst implements CanActivate {
  constructor(private readonly access: StationAccessQueries) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const { id } = parseInput(IdParams, req.params, 'params');
    await this.access.authorize(req.auth?.actor ?? anonymous, 'station.update', id);
    return true;
  }
}
