import { UseGuards, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { anonymous, authorize, type AccountResource, type Action, type NoResource, type ResourceOf } from '@groundtruth/domain';
import type { AuthenticatedRequest } from './auth.guard.js';

type NoResourceAction = { [A in Action]: ResourceOf<A> extends NoResource ? A : never }[Action];

/**
 * Asks the policy before the request body is read, for actions that need no resource (admin
 * calls). Guards run before interceptors, so an upload route refuses a caller without reading
 * (and buffering) a body it would throw away. Runs after the global AuthGuard, which sets the actor.
 */
export const AuthorizeFirst = (action: NoResourceAction) =>
  UseGuards(
    new (class implements CanActivate {
      canActivate(context: ExecutionContext): boolean {
        const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
        authorize(req.auth?.actor ?? anonymous, action, {});
        return true;
      }
    })(),
  );

/** Actions decided on the account alone (not those that need more of the person, such as `person.see`). */
type AccountAction = {
  [A in Action]: ResourceOf<A> extends AccountResource ? (AccountResource extends ResourceOf<A> ? A : never) : never;
}[Action];

/**
 * `AuthorizeFirst` for actions on the caller's own account (`/user/media`): decided from the
 * token alone, before the body is read.
 */
export const AuthorizeSelfFirst = (action: AccountAction) =>
  UseGuards(
    new (class implements CanActivate {
      canActivate(context: ExecutionContext): boolean {
        const actor = context.switchToHttp().getRequest<AuthenticatedRequest>().auth?.actor ?? anonymous;
        authorize(actor, action, { userId: actor.kind === 'user' ? actor.userId : 0 });
        return true;
      }
    })(),
  );
