import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

export class PostProjectUpdateCommand extends Command<CommandOutcome & { updateId: number }> {
  constructor(
    readonly input: { readonly projectId: number; readonly authorId: number; readonly body: string },
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
