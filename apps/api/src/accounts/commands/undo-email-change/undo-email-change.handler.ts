import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, userDecider, userMessages, userStream } from '@groundtruth/domain';
import { EmailClaims } from '../../abuse/email-claims.js';
import { SessionIssuer } from '../../sessions/session-issuer.js';
import { TokenService } from '../../tokens/token.service.js';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { UserAccounts } from '../../user-accounts.js';
import { UndoEmailChangeCommand } from './undo-email-change.command.js';

const failed = () => DomainError.validation('USER.EMAIL_UNDO_FAILED', {}, userMessages.emailUndoFailed);

/**
 * The old address takes the account back: it becomes the account's address again (its hold turns
 * into a claim), the address the change brought is given up, and every session of the account ends,
 * so whoever made the change is signed out. The decider makes the link work once.
 */
@CommandHandler(UndoEmailChangeCommand)
export class UndoEmailChangeHandler implements ICommandHandler<UndoEmailChangeCommand> {
  constructor(
    private readonly streams: AggregateStreams,
    private readonly tokens: TokenService,
    private readonly accounts: UserAccounts,
    private readonly claims: EmailClaims,
    private readonly sessions: SessionIssuer,
  ) {}

  async execute({ input, meta }: UndoEmailChangeCommand) {
    const link = await this.tokens.verifyLink('undo-email-change', input.token).catch(() => {
      throw failed();
    });
    const undoId = link.claims['undo'];
    if (typeof undoId !== 'string') throw failed();
    const { userId } = link;
    const account = await this.accounts.load(userId);
    const undo = account.status === 'active' ? account.emailUndos.find((u) => u.undoId === undoId) : undefined;
    const command = { type: 'UndoEmailChange', data: { userId, undoId } } as const;
    // A spent or unknown link is refused before any address is touched.
    if (account.status !== 'active' || !undo) {
      userDecider.decide(command, account, meta);
      throw failed();
    }
    const current = account.email;
    await this.claims.claim(undo.previousEmail, userId);
    const outcome = await this.streams.decide(userDecider, userStream(userId), command, { ...meta, userId });
    if (current !== undo.previousEmail) await this.claims.release(current, userId);
    await this.sessions.endAll(userId, 'email_change_undone');
    return outcome;
  }
}
