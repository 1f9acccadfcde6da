import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { movesProjectTeam, projectDecider, projectInviteSubject, projectStream } from '@groundtruth/domain';
import { SUBJECT_KEYS, type SubjectKeyStore } from '@groundtruth/platform';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { UsersQueries } from '../../../accounts/index.js';
import { RemoveProjectMemberCommand } from './remove-member.command.js';

/** Removes a member, or withdraws a pending invitation (whose sealed address is then erased). */
@CommandHandler(RemoveProjectMemberCommand)
export class RemoveProjectMemberHandler implements ICommandHandler<RemoveProjectMemberCommand> {
  constructor(
    private readonly streams: AggregateStreams,
    private readonly users: UsersQueries,
    @Inject(SUBJECT_KEYS) private readonly keys: SubjectKeyStore,
  ) {}

  async execute({ input, version, meta }: RemoveProjectMemberCommand) {
    const account = await this.users.findByEmail(input.email);
    const outcome = await this.streams.decide(
      projectDecider,
      projectStream(input.projectId),
      { type: 'RemoveProjectMember', data: { ...input, userId: account ? Number(account.id) : null } },
      meta,
      { expected: { version, counts: movesProjectTeam } },
    );
    for (const event of outcome.events) {
      if (event.type === 'ProjectInviteCancelled') {
        await this.keys.destroy(projectInviteSubject((event.data as { inviteId: number }).inviteId));
      }
    }
    return outcome;
  }
}
