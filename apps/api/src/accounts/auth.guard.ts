import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { anonymous, DomainError, userMessages, type Actor } from '@groundtruth/domain';
import type { RouteContract } from '@groundtruth/contracts';
import { requestContext } from '@groundtruth/platform';
import type { Request } from 'express';
import { ROUTE } from '../common/http/api-route.decorator.js';
import { TokenActors } from './token-actors.js';
import type { AccessClaims } from './tokens/token.service.js';

/** What the guard learned about the caller; controllers read it with @CurrentActor() / @CurrentSession(). */
export type RequestAuth = { readonly actor: Actor; readonly claims: AccessClaims | null };
export type AuthenticatedRequest = Request & { auth?: RequestAuth };

const bearer = (req: Request): string | null => {
  const header = req.header('authorization');
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m ? m[1]! : null;
};

/**
 * Every route says 'none', 'optional' or 'required' in its contract. A token, when sent to a route
 * that looks at it, must be valid, unexpired, of a live session and a live account; what the actor
 * may then do is the permission policy's business, not this guard's.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokenActors: TokenActors,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const route = this.reflector.get<RouteContract | undefined>(ROUTE, context.getHandler());
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = bearer(req);
    if (!route || route.auth === 'none' || !token) {
      if (route?.auth === 'required') throw new DomainError('unauthenticated', 'AUTH.REQUIRED', userMessages.signInRequired);
      req.auth = { actor: anonymous, claims: null };
      return true;
    }
    const { actor, claims } = await this.tokenActors.resolve(token);
    req.auth = { actor, claims };
    const ctx = requestContext.getStore();
    if (ctx) ctx.userId = claims.userId;
    return true;
  }
}
