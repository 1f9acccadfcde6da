import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  isDomainError,
  projectDecider,
  projectInviteSubject,
  projectStream,
  type DomainEvent,
  type ProjectInviteCancelled,
} from '@groundtruth/domain';
import { SUBJECT_KEYS, type LogPosition, type SubjectKeyStore } from '@groundtruth/platform';
import { AggregateStreams, type CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';
import { ProjectTeamQueries } from '../../queries/project-team.queries.js';
import { PROJECT_COMMAND_RETRIES } from '../decide-options.js';
import { WithdrawInvitesCommand } from '../../../accounts/index.js';

/** An invitation answered, withdrawn or gone with its project since the read model was written. */
const alreadyGone = (error: unknown): boolean =>
  isDomainError(error) && (error.code === 'PROJECT.NOT_A_MEMBER' || error.code === 'PROJECT.NOT_FOUND');

/**
 * Withdraws the pending invitations to an address the way an administrator does (the decider's
 * RemoveProjectMember naming no account), then destroys each one's key, so neither the team list
 * nor the log keeps the address. Used when the account holding that address is deleted. A
 * concurrent change to a project is decided again: withdrawing means the same on any newer state.
 */
@CommandHandler(WithdrawInvitesCommand)
export class WithdrawInvitesHandler implements ICommandHandler<WithdrawInvitesCommand> {
  constructor(
    private readonly streams: AggregateStreams,
    private readonly team: ProjectTeamQueries,
    @Inject(SUBJECT_KEYS) private readonly keys: SubjectKeyStore,
  ) {}

  async execute({ input, meta }: WithdrawInvitesCommand): Promise<CommandOutcome> {
    const events: DomainEvent[] = [];
    let position: LogPosition | null = null;
    for (const { projectId, email } of await this.team.invitesTo(input.email)) {
      try {
        const outcome = await this.streams.decide(
          projectDecider,
          projectStream(projectId),
          { type: 'RemoveProjectMember', data: { projectId, email, userId: null } },
          meta,
          { retries: PROJECT_COMMAND_RETRIES },
        );
        for (const event of outcome.events) {
          if (event.type === 'ProjectInviteCancelled') {
            await this.keys.destroy(projectInviteSubject((event as ProjectInviteCancelled).data.inviteId));
          }
        }
        events.push(...outcome.events);
        position = outcome.position ?? position;
      } catch (error) {
        if (!alreadyGone(error)) throw error;
      }
    }
    return { events, position };
  }
}
