import { createHash, randomBytes } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { anonymous, normalizeEmail, projectDecider, projectStream } from '@groundtruth/domain';
import { ID_ALLOCATOR, LOGGER, type IdAllocator, type Logger } from '@groundtruth/platform';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { UsersQueries } from '../../../accounts/index.js';
import { ProjectMails } from '../../project-mails.js';
import { ProjectsQueries } from '../../queries/projects.queries.js';
import { InviteProjectMemberCommand } from './invite-member.command.js';

/** Only the hash of an invitation token is kept: the log and the read model cannot be replayed into a link. */
export const inviteTokenHash = (token: string): string => createHash('sha256').update(token).digest('base64url');

/**
 * Records the invitation (refused when the address is already invited or belongs to a member),
 * then e-mails its link. The address may have no account yet: the invitation waits for whoever
 * signs in with the link, or validates that address. A mail that cannot be sent is logged; the
 * invitation stands and can be withdrawn and sent again.
 */
@CommandHandler(InviteProjectMemberCommand)
export class InviteProjectMemberHandler implements ICommandHandler<InviteProjectMemberCommand> {
  constructor(
    private readonly streams: AggregateStreams,
    private readonly users: UsersQueries,
    private readonly projects: ProjectsQueries,
    private readonly mails: ProjectMails,
    @Inject(LOGGER) private readonly log: Logger,
    @Inject(ID_ALLOCATOR) private readonly ids: IdAllocator,
  ) {}

  async execute({ input, meta }: InviteProjectMemberCommand) {
    const email = normalizeEmail(input.email);
    const invitee = await this.users.findByEmail(email);
    const inviteId = await this.ids.next('project_invite');
    const token = randomBytes(32).toString('base64url');
    const outcome = await this.streams.decide(
      projectDecider,
      projectStream(input.projectId),
      {
        type: 'InviteProjectMember',
        data: {
          projectId: input.projectId,
          inviteId,
          email,
          role: input.role,
          tokenHash: inviteTokenHash(token),
          inviteeUserId: invitee ? Number(invitee.id) : null,
        },
      },
      meta,
    );
    const inviter = meta.userId === null ? null : await this.users.find(meta.userId);
    const { project } = await this.projects.getWithAccess(input.projectId, anonymous);
    await this.mails
      .sendInvitation({
        to: email,
        token,
        projectName: project.name,
        inviterName: inviter && !inviter.deleted ? inviter.name : null,
        role: input.role,
        locale: input.locale,
      })
      .catch((err: unknown) => this.log.error({ err, inviteId }, 'could not send a project invitation'));
    return { ...outcome, inviteId };
  }
}
