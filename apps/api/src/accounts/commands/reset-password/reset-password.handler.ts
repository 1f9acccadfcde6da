import { createHash } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, userDecider, userMessages, userStream } from '@groundtruth/domain';
import { PasswordHasher } from '../../passwords/password-hasher.js';
import { SessionIssuer } from '../../sessions/session-issuer.js';
import { TokenService } from '../../tokens/token.service.js';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { CommandGateway } from '../../../common/cqrs/command-gateway.js';
import { UserAccounts } from '../../user-accounts.js';
import { MarkEmailValidatedCommand } from '../mark-email-validated/mark-email-validated.command.js';
import { ResetPasswordCommand } from './reset-password.command.js';

/** A fingerprint of the password a reset link was issued against: once the password changes, the link is spent. */
export const passwordFingerprint = (passwordHash: string | null): string =>
  createHash('sha256')
    .update(passwordHash ?? 'none')
    .digest('base64url')
    .slice(0, 22);

const failed = () => DomainError.validation('USER.RESET_FAILED', { token: userMessages.resetFailed }, userMessages.resetFailed);

/** Sets a new password from a reset link; the link also proves the address, and every session ends. */
@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand> {
  constructor(
    private readonly streams: AggregateStreams,
    private readonly gateway: CommandGateway,
    private readonly tokens: TokenService,
    private readonly hasher: PasswordHasher,
    private readonly accounts: UserAccounts,
    private readonly sessions: SessionIssuer,
  ) {}

  async execute({ input, meta }: ResetPasswordCommand) {
    const link = await this.tokens.verifyLink('reset-password', input.token).catch(() => {
      throw failed();
    });
    const account = await this.accounts.load(link.userId);
    if (account.status !== 'active' || link.claims['pw'] !== passwordFingerprint(account.passwordHash)) throw failed();
    const userId = link.userId;
    const passwordHash = await this.hasher.hash(input.password);
    const outcome = await this.streams.decide(
      userDecider,
      userStream(userId),
      { type: 'ChangePassword', data: { userId, passwordHash, via: 'reset' } },
      { ...meta, userId },
    );
    if (!account.emailValidated) {
      await this.gateway.execute(new MarkEmailValidatedCommand({ userId, email: account.email }, { ...meta, userId }));
    }
    await this.sessions.endAll(userId, 'password_changed');
    return outcome;
  }
}
