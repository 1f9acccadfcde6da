import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

export class DeleteProjectCommand extends Command<CommandOutcome> {
  constructor(
    readonly input: { readonly projectId: number },
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
