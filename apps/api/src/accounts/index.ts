/**
 * Accounts: people, their sign-in, sessions and the guard on every route. What other features may use.
 * Another feature imports this folder only through this file (lint: API feature zones).
 */
export { EmailClaims } from './abuse/email-claims.js';
export { RateLimiter, type RateRule } from './abuse/rate-limiter.js';
export { requestLocale } from './account-mails.js';
export type { AuthenticatedRequest } from './auth.guard.js';
export { AuthorizeFirst } from './authorize-first.guard.js';
export { WithdrawInvitesCommand } from './commands/delete-account/withdraw-invites.command.js';
export { RecordRegistrationCommand } from './commands/record-registration/record-registration.command.js';
export { SetRolesCommand } from './commands/set-roles/set-roles.command.js';
export { CurrentActor, userIdOf } from './current-actor.decorator.js';
export { PasswordHasher } from './passwords/password-hasher.js';
export { UsersQueries } from './queries/users.queries.js';
export { TokenActors } from './token-actors.js';
export { SessionIssuer } from './sessions/session-issuer.js';
