import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { EmailClaims } from './abuse/email-claims.js';
import { RateLimiter } from './abuse/rate-limiter.js';
import { AuthGuard } from './auth.guard.js';
import { PasswordHasher } from './passwords/password-hasher.js';
import { SessionController } from './session.controller.js';
import { Authenticator } from './sessions/authenticator.js';
import { PersonProofs } from './sessions/person-proofs.js';
import { SessionIssuer } from './sessions/session-issuer.js';
import { ssoControllers, ssoProviders } from './sso/sso.providers.js';
import { SecretStore } from './tokens/secret-store.js';
import { TokenActors } from './token-actors.js';
import { TokenService } from './tokens/token.service.js';
import { AccountMails } from './account-mails.js';
import { AdminUsersController } from './admin-users.controller.js';
import { ChangePasswordHandler } from './commands/change-password/change-password.handler.js';
import { DeleteAccountHandler } from './commands/delete-account/delete-account.handler.js';
import { RegisterUserHandler } from './commands/register-user/register-user.handler.js';
import { ResetPasswordHandler } from './commands/reset-password/reset-password.handler.js';
import { UndoEmailChangeHandler } from './commands/undo-email-change/undo-email-change.handler.js';
import { UpdateProfileHandler } from './commands/update-profile/update-profile.handler.js';
import { UploadPhotoHandler } from './commands/upload-photo/upload-photo.handler.js';
import { ValidateEmailHandler } from './commands/validate-email/validate-email.handler.js';
import { UsersQueries } from './queries/users.queries.js';
import { UserAccounts } from './user-accounts.js';
import { UsersController } from './users.controller.js';

const commandHandlers = [
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
  TokenActors,
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
  exports: [
    TokenActors,
    UsersQueries,
    UserAccounts,
    SessionIssuer,
    Authenticator,
    TokenService,
    EmailClaims,
    RateLimiter,
    PasswordHasher,
  ],
})
export class AccountsModule {}
