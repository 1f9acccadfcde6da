import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, userDecider, userMessages, userStream } from '@groundtruth/domain';
import {
  LOGGER,
  personalSubject,
  PG_POOL,
  SUBJECT_KEYS,
  type Logger,
  type PgPool,
  type SubjectKeyStore,
} from '@groundtruth/platform';
import { EmailClaims } from '../../abuse/email-claims.js';
import { PersonProofs } from '../../sessions/person-proofs.js';
import { SessionIssuer } from '../../sessions/session-issuer.js';
import { AggregateStreams, type CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';
import { MediaStore } from '../../../media/index.js';
import { WithdrawInvitesCommand } from './withdraw-invites.command.js';
import { UserAccounts } from '../../user-accounts.js';
import { DeleteAccountCommand } from './delete-account.command.js';

/**
 * Erasure, immediate (spec §6): UserDeleted is appended, then the person's key is destroyed, so
 * every sealed value about them in the log is unreadable from now on; the address is released,
 * the photo removed and every session ended. The same for an administrator's deletion.
 *
 * First, the project invitations waiting for the person's validated address are withdrawn (their
 * own keys destroyed): sealed under the invitation, not the person, they would otherwise keep the
 * address readable. Done before UserDeleted, so a failure leaves an account that can be deleted
 * again rather than a deleted one with addresses left behind; an invitation sent to the address
 * afterwards is one to an address with no account, like any other. An address never validated is
 * not known to be the person's, and its invitations stay (nobody can cancel someone else's that way).
 */
@CommandHandler(DeleteAccountCommand)
export class DeleteAccountHandler implements ICommandHandler<DeleteAccountCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: PgPool,
    @Inject(LOGGER) private readonly log: Logger,
    @Inject(SUBJECT_KEYS) private readonly keys: SubjectKeyStore,
    private readonly streams: AggregateStreams,
    private readonly accounts: UserAccounts,
    private readonly claims: EmailClaims,
    private readonly media: MediaStore,
    private readonly sessions: SessionIssuer,
    private readonly proofs: PersonProofs,
    private readonly bus: CommandBus,
  ) {}

  async execute({ input, meta }: DeleteAccountCommand): Promise<CommandOutcome> {
    const { userId } = input;
    const account = await this.accounts.load(userId);
    if (account.status === 'absent') throw new DomainError('not_found', 'USER.NOT_FOUND', userMessages.userNotFound);
    const proof = input.by === 'administrator' ? input.by : await this.proofs.of(account, input.by.sessionId, input.by.password);
    // Judged before anything is withdrawn, so a refused deletion changes nothing.
    if (proof !== 'administrator' && account.status === 'active') {
      userDecider.decide({ type: 'DeleteUser', data: { userId, proof } }, account, meta);
    }
    const withdrawn =
      account.status === 'active' && account.emailValidated && account.email
        ? await this.bus.execute(new WithdrawInvitesCommand({ email: account.email }, meta))
        : { events: [], position: null };
    const outcome = await this.streams.decide(
      userDecider,
      userStream(userId),
      { type: 'DeleteUser', data: { userId, proof } },
      meta,
    );
    await this.keys.destroy(personalSubject(userId));
    await this.claims.releaseAll(userId);
    await this.pool.query('DELETE FROM gt_identity_links WHERE user_id = $1', [userId]);
    if (account.status === 'active' && account.photo) await this.media.remove(account.photo);
    await this.sessions.endAll(userId, 'account_deleted');
    this.log.info(
      { userId, by: meta.userId, invitesWithdrawn: withdrawn.events.length },
      'account deleted and personal data erased',
    );
    // The caller waits for the read side to show both: the account gone and the invitations withdrawn.
    return { events: [...withdrawn.events, ...outcome.events], position: outcome.position ?? withdrawn.position };
  }
}
