import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

export class ChangePasswordCommand extends Command<CommandOutcome> {
  constructor(
    readonly input: {
      readonly userId: number;
      readonly sessionId: string;
      readonly oldPassword: string | undefined;
      readonly newPassword: string;
    },
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
