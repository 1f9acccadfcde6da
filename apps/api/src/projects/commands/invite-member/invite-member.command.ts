import { Command } from '@nestjs/cqrs';
import type { CommandMetadata, Locale, ProjectRole } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

export type InviteMemberInput = {
  readonly projectId: number;
  readonly email: string;
  readonly role: ProjectRole;
  /** The language of the e-mail (the inviter's request's). */
  readonly locale: Locale;
};

export class InviteProjectMemberCommand extends Command<CommandOutcome & { inviteId: number }> {
  constructor(
    readonly input: InviteMemberInput,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
