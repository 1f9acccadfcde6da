import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

export class ResetPasswordCommand extends Command<CommandOutcome> {
  constructor(
    readonly input: { readonly token: string; readonly password: string },
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
