import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { movesProjectTeam, projectDecider, projectStream } from '@groundtruth/domain';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { UsersQueries } from '../../../accounts/index.js';
import { ChangeProjectMemberRoleCommand } from './change-member-role.command.js';

/** The team manager names people by e-mail (spec §7); the decider works with the account behind it. */
@CommandHandler(ChangeProjectMemberRoleCommand)
export class ChangeProjectMemberRoleHandler implements ICommandHandler<ChangeProjectMemberRoleCommand> {
  constructor(
    private readonly streams: AggregateStreams,
    private readonly users: UsersQueries,
  ) {}

  async execute({ input, version, meta }: ChangeProjectMemberRoleCommand) {
    const account = await this.users.findByEmail(input.email);
    return this.streams.decide(
      projectDecider,
      projectStream(input.projectId),
      { type: 'ChangeProjectMemberRole', data: { ...input, userId: account ? Number(account.id) : null } },
      meta,
      { expected: { version, counts: movesProjectTeam } },
    );
  }
}
