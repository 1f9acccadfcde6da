import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { anonymous, DomainError, userMessages, type Actor } from '@groundtruth/domain';
import type { AuthenticatedRequest } from './auth.guard.js';
import type { AccessClaims } from './tokens/token.service.js';

/** The caller as the permission policy sees it (anonymous when no token). */
export const CurrentActor = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): Actor => ctx.switchToHttp().getRequest<AuthenticatedRequest>().auth?.actor ?? anonymous,
);

/** The caller's verified token claims; only on routes with auth 'required'. */
export const CurrentSession = createParamDecorator((_: unknown, ctx: ExecutionContext): AccessClaims => {
  const claims = ctx.switchToHttp().getRequest<AuthenticatedRequest>().auth?.claims;
  if (!claims) throw new DomainError('unauthenticated', 'AUTH.REQUIRED', userMessages.signInRequired);
  return claims;
});

/** The signed-in user's id (401 when anonymous). */
export const userIdOf = (actor: Actor): number => {
  if (actor.kind !== 'user') throw new DomainError('unauthenticated', 'AUTH.REQUIRED', userMessages.signInRequired);
  return actor.userId;
};
