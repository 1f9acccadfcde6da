import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, userDecider, userMessages, userStream } from '@groundtruth/domain';
import { personalSubject, RUNTIME, type Runtime } from '@groundtruth/platform';
import { EmailClaims } from '../../../auth/abuse/email-claims.js';
import { SessionIssuer } from '../../../auth/sessions/session-issuer.js';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { MediaStore } from '../../../media/media-store.js';
import { UserAccounts } from '../../user-accounts.js';
import { DeleteAccountCommand } from './delete-account.command.js';

/**
 * Erasure, immediate (spec §6): UserDeleted is appended, then the person's key is destroyed, so
 * every sealed value about them in the log is unreadable from now on; the address is released,
 * the photo removed and every session ended.
 */
@CommandHandler(DeleteAccountCommand)
export class DeleteAccountHandler implements ICommandHandler<DeleteAccountCommand> {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly streams: AggregateStreams,
    private readonly accounts: UserAccounts,
    private readonly claims: EmailClaims,
    private readonly media: MediaStore,
    private readonly sessions: SessionIssuer,
  ) {}

  async execute({ input, meta }: DeleteAccountCommand) {
    const { userId } = input;
    const account = await this.accounts.load(userId);
    if (account.status === 'absent') throw new DomainError('not_found', 'USER.NOT_FOUND', userMessages.userNotFound);
    const outcome = await this.streams.decide(userDecider, userStream(userId), { type: 'DeleteUser', data: { userId } }, meta);
    await this.runtime.keys.destroy(personalSubject(userId));
    await this.claims.releaseAll(userId);
    await this.runtime.pool.query('DELETE FROM gt_identity_links WHERE user_id = $1', [userId]);
    if (account.status === 'active' && account.photo) await this.media.remove(account.photo);
    await this.sessions.endAll(userId, 'account_deleted');
    this.runtime.log.info({ userId, by: meta.userId }, 'account deleted and personal data erased');
    return outcome;
  }
}
