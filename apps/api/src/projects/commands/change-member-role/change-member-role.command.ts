import { Command } from '@nestjs/cqrs';
import type { CommandMetadata, ProjectRole } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

export class ChangeProjectMemberRoleCommand extends Command<CommandOutcome> {
  constructor(
    readonly input: { readonly projectId: number; readonly email: string; readonly role: ProjectRole },
    /** The team's version the administrator read. */
    readonly version: number,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
