import { Controller, Req, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { authorize, DomainError, normalizeEmail, userMessages, type Actor } from '@groundtruth/domain';
import {
  routes,
  type AcceptTermsBody,
  type ChangePasswordBody,
  type DeleteAccountBody,
  type RecoveryLookupBody,
  type RegisterBody,
  type ResetPasswordBody,
  type UndoEmailChangeBody,
  type UpdateUserBody,
} from '@groundtruth/contracts';
import type { Request, Response } from 'express';
import { EmailClaims } from './abuse/email-claims.js';
import { RateLimiter } from './abuse/rate-limiter.js';
import { AuthorizeSelfFirst } from './authorize-first.guard.js';
import { CurrentActor, CurrentSession, userIdOf } from './current-actor.decorator.js';
import { TokenService, type AccessClaims } from './tokens/token.service.js';
import { commandMetadata } from '../common/cqrs/command-metadata.js';
import { CommandGateway } from '../common/cqrs/command-gateway.js';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
import { ExpectedVersion, type SentVersion } from '../common/http/expected-version.js';
import { MediaStore } from '../media/index.js';
import { sendMedia } from '../media/index.js';
import { AccountMails, requestLocale } from './account-mails.js';
import { ChangePasswordCommand } from './commands/change-password/change-password.command.js';
import { DeleteAccountCommand } from './commands/delete-account/delete-account.command.js';
import { RegisterUserCommand } from './commands/register-user/register-user.command.js';
import { ResetPasswordCommand } from './commands/reset-password/reset-password.command.js';
import { passwordFingerprint } from './commands/reset-password/reset-password.handler.js';
import { UndoEmailChangeCommand } from './commands/undo-email-change/undo-email-change.command.js';
import { UpdateProfileCommand } from './commands/update-profile/update-profile.command.js';
import { UploadPhotoCommand } from './commands/upload-photo/upload-photo.command.js';
import { AcceptTermsCommand } from './commands/accept-terms/accept-terms.command.js';
import { UsersQueries } from './queries/users.queries.js';
import { UserAccounts } from './user-accounts.js';

const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

@Controller()
export class UsersController {
  constructor(
    private readonly commands: CommandGateway,
    private readonly queries: UsersQueries,
    private readonly accounts: UserAccounts,
    private readonly limiter: RateLimiter,
    private readonly claims: EmailClaims,
    private readonly mails: AccountMails,
    private readonly tokens: TokenService,
    private readonly media: MediaStore,
  ) {}

  @ApiRoute(routes.register)
  async register(@Input('body') body: RegisterBody, @Req() req: Request) {
    await this.limiter.hit('register', [req.ip]);
    const { userId } = await this.commands.execute(new RegisterUserCommand(body, commandMetadata()));
    return { id: userId };
  }

  /** Always 204: whether the account exists or is already validated is not told. */
  @ApiRoute(routes.resendValidation)
  async resendValidation(@Input('params') { id }: { id: number }, @Req() req: Request) {
    await this.limiter.hit('register', [req.ip, `user-${id}`]);
    const account = await this.accounts.load(id);
    if (account.status === 'active' && !account.emailValidated) {
      const locale = requestLocale();
      this.mails.background(() => this.mails.sendValidation(id, account.email, account.name, locale), 'validation');
    }
  }

  @ApiRoute(routes.currentUser)
  currentUser(@CurrentActor() actor: Actor) {
    const userId = userIdOf(actor);
    authorize(actor, 'account.read', { userId });
    return this.queries.get(userId);
  }

  @ApiRoute(routes.updateUser)
  async update(
    @CurrentActor() actor: Actor,
    @CurrentSession() session: AccessClaims,
    @Input('params') { id }: { id: number },
    @Input('body') { version: _sent, currentPassword, ...changes }: UpdateUserBody,
    @ExpectedVersion() version: SentVersion,
  ) {
    authorize(actor, 'account.update', { userId: id });
    await this.commands.execute(
      new UpdateProfileCommand(
        { userId: id, sessionId: session.sessionId, changes, currentPassword },
        version.value,
        commandMetadata(),
      ),
      () => this.queries.get(id),
    );
    return this.queries.get(id);
  }

  @ApiRoute(routes.changePassword)
  async changePassword(
    @CurrentActor() actor: Actor,
    @CurrentSession() session: AccessClaims,
    @Input('params') { id }: { id: number },
    @Input('body') body: ChangePasswordBody,
  ) {
    authorize(actor, 'account.changePassword', { userId: id });
    await this.commands.execute(
      new ChangePasswordCommand(
        { userId: id, sessionId: session.sessionId, oldPassword: body.oldPassword, newPassword: body.newPassword },
        commandMetadata(),
      ),
    );
  }

  @ApiRoute(routes.acceptTerms)
  async acceptTerms(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }, @Input('body') body: AcceptTermsBody) {
    authorize(actor, 'account.acceptTerms', { userId: id });
    if (!body.accept) throw DomainError.validation('USER.TERMS_NOT_ACCEPTED', { accept: userMessages.tncRequired });
    await this.commands.execute(new AcceptTermsCommand({ userId: id }, commandMetadata()));
    return this.queries.get(id);
  }

  @ApiRoute(routes.uploadUserPhoto)
  @AuthorizeSelfFirst('account.uploadPhoto')
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: PHOTO_MAX_BYTES, files: 1 } }))
  async uploadPhoto(@CurrentActor() actor: Actor, @UploadedFile() file: { buffer: Buffer } | undefined) {
    const userId = userIdOf(actor);
    authorize(actor, 'account.uploadPhoto', { userId });
    if (!file?.buffer.length) throw DomainError.validation('MEDIA.NO_FILE', { file: 'Choose an image to upload.' });
    await this.commands.execute(new UploadPhotoCommand({ userId, bytes: file.buffer }, commandMetadata()));
    return this.queries.get(userId);
  }

  @ApiRoute(routes.userPhoto)
  async photo(
    @CurrentActor() actor: Actor,
    @Input('params') { id }: { id: number },
    @Input('query') { size }: { size?: number },
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const row = await this.queries.find(id);
    if (!row?.photo || row.deleted) return sendMedia(req, res, null, 'private');
    const sharesProject = actor.kind === 'user' && (await this.queries.shareAProject(actor.userId, id));
    authorize(actor, 'person.see', { userId: id, publicProfile: row.publicProfile, sharesProject });
    // Revalidated each time (ETag), never kept by a shared cache: the profile may turn private.
    sendMedia(req, res, await this.media.read(row.photo, size), 'private');
  }

  /** Always 204, sent in the background: neither the answer nor its timing tells whether the address has an account. */
  @ApiRoute(routes.recoveryLookup)
  async recoveryLookup(@Input('body') { email }: RecoveryLookupBody, @Req() req: Request) {
    await this.limiter.hit('recovery', [req.ip, email]);
    const locale = requestLocale();
    this.mails.background(async () => {
      const userId = await this.claims.owner(email);
      if (userId === null) return;
      const account = await this.accounts.load(userId);
      if (account.status !== 'active') return;
      const token = await this.tokens.signLink('reset-password', userId, { pw: passwordFingerprint(account.passwordHash) });
      await this.mails.sendRecovery(account.email, account.name, token, locale);
    }, 'recovery');
  }

  @ApiRoute(routes.resetPassword)
  async resetPassword(@Input('body') body: ResetPasswordBody, @Req() req: Request) {
    await this.limiter.hit('recovery', [req.ip]);
    await this.commands.execute(new ResetPasswordCommand(body, commandMetadata()));
  }

  @ApiRoute(routes.deleteAccount)
  async deleteAccount(
    @CurrentActor() actor: Actor,
    @CurrentSession() session: AccessClaims,
    @Input('body') body: DeleteAccountBody,
  ) {
    const userId = userIdOf(actor);
    authorize(actor, 'account.delete', { userId });
    // Spec §5 deleteAccount.sameEmail, checked here too: the form's check alone is the client's word.
    const account = await this.accounts.load(userId);
    if (account.status !== 'active' || account.email !== normalizeEmail(body.email)) {
      throw DomainError.validation('USER.EMAIL_MISMATCH', { email: userMessages.sameEmail }, userMessages.sameEmail);
    }
    await this.commands.execute(
      new DeleteAccountCommand({ userId, by: { sessionId: session.sessionId, password: body.password } }, commandMetadata()),
    );
  }

  @ApiRoute(routes.undoEmailChange)
  async undoEmailChange(@Input('body') body: UndoEmailChangeBody, @Req() req: Request) {
    await this.limiter.hit('recovery', [req.ip]);
    await this.commands.execute(new UndoEmailChangeCommand(body, commandMetadata()));
  }

  @ApiRoute(routes.mentionables)
  mentionables(@CurrentActor() actor: Actor, @Input('query') { query }: { query: string }) {
    authorize(actor, 'users.mention', {});
    if (actor.kind !== 'user') throw new DomainError('unauthenticated', 'AUTH.REQUIRED', userMessages.signInRequired);
    return this.queries.mentionables(actor, query);
  }
}
