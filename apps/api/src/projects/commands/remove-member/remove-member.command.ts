import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

export class RemoveProjectMemberCommand extends Command<CommandOutcome> {
  constructor(
    readonly input: { readonly projectId: number; readonly email: string },
    /** The team's version the administrator read. */
    readonly version: number,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
