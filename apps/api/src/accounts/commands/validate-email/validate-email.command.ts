import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

export class ValidateEmailCommand extends Command<CommandOutcome & { userId: number }> {
  constructor(
    readonly input: { readonly token: string },
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
