import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '@groundtruth/domain';
import type { UpdateUserBody } from '@groundtruth/contracts';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

export class UpdateProfileCommand extends Command<CommandOutcome> {
  constructor(
    readonly input: {
      readonly userId: number;
      /** The caller's session: its sign-in time is the proof of an account without a password. */
      readonly sessionId: string;
      readonly changes: Omit<UpdateUserBody, 'currentPassword' | 'version'>;
      readonly currentPassword?: string | undefined;
    },
    /** The profile's version the person read. */
    readonly version: number,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
