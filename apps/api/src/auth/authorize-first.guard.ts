import { UseGuards, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { anonymous, authorize, type Action, type NoResource, type ResourceOf } from '@groundtruth/domain';
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
