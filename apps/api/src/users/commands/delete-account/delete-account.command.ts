import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

export class DeleteAccountCommand extends Command<CommandOutcome> {
  constructor(
    readonly input: { readonly userId: number },
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
