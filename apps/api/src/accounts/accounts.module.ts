import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { EmailClaims } from './auth/abuse/email-claims.js';
import { RateLimiter } from './auth/abuse/rate-limiter.js';
import { AuthGuard } from './auth/auth.guard.js';
import { PasswordHasher } from './auth/passwords/password-hasher.js';
import { SessionController } from './auth/session.controller.js';
import { Authenticator } from './auth/sessions/authenticator.js';
import { PersonProofs } from './auth/sessions/person-proofs.js';
import { SessionCommandHandler } from './auth/sessions/session-command.js';
import { SessionIssuer } from './auth/sessions/session-issuer.js';
import { ssoControllers, ssoProviders } from './auth/sso/sso.providers.js';
import { SecretStore } from './auth/tokens/secret-store.js';
import { TokenService } from './auth/tokens/token.service.js';
import { AccountMails } from './users/account-mails.js';
import { AdminUsersController } from './users/admin-users.controller.js';
import { ChangePasswordHandler } from './users/commands/change-password/change-password.handler.js';
import { DeleteAccountHandler } from './users/commands/delete-account/delete-account.handler.js';
import { RegisterUserHandler } from './users/commands/register-user/register-user.handler.js';
import { ResetPasswordHandler } from './users/commands/reset-password/reset-password.handler.js';
import { UndoEmailChangeHandler } from './users/commands/undo-email-change/undo-email-change.handler.js';
import { UpdateProfileHandler } from './users/commands/update-profile/update-profile.handler.js';
import { UploadPhotoHandler } from './users/commands/upload-photo/upload-photo.handler.js';
import { UserCommandHandler } from './users/commands/user-command.js';
import { ValidateEmailHandler } from './users/commands/validate-email/validate-email.handler.js';
import { UsersQueries } from './users/queries/users.queries.js';
import { UserAccounts } from './users/user-accounts.js';
import { UsersController } from './users/users.controller.js';

const commandHandlers = [
  UserCommandHandler,
  SessionCommandHandler,
  RegisterUserHandler,
  ValidateEmailHandler,
  UpdateProfileHandler,
  ChangePasswordHandler,
  ResetPasswordHandler,
  DeleteAccountHandler,
  UploadPhotoHandler,
  UndoEmailChangeHandler,
];
const services = [
  SecretStore,
  TokenService,
  PasswordHasher,
  RateLimiter,
  EmailClaims,
  Authenticator,
  SessionIssuer,
  PersonProofs,
  UserAccounts,
  UsersQueries,
  AccountMails,
];

/**
 * Who a person is and what they may do: accounts, sessions, the guard on every route. Exported
 * so other features can name the caller and check the policy.
 */
@Module({
  controllers: [SessionController, UsersController, AdminUsersController, ...ssoControllers],
  providers: [...commandHandlers, ...services, ...ssoProviders, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [UsersQueries, UserAccounts, SessionIssuer, Authenticator, TokenService, EmailClaims, RateLimiter, PasswordHasher],
})
export class AccountsModule {}
