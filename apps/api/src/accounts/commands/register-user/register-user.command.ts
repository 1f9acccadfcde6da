import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

export class RegisterUserCommand extends Command<CommandOutcome & { userId: number }> {
  constructor(
    readonly input: { readonly name: string; readonly email: string; readonly password: string; readonly tncAccept: boolean },
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
