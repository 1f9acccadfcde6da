import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

export class DeleteAccountCommand extends Command<CommandOutcome> {
  constructor(
    readonly input: {
      readonly userId: number;
      /**
       * The person's own deletion: their session and the password they gave, judged as proof of
       * the person. 'administrator': a site admin's, who proved themselves with their own password.
       */
      readonly by: { readonly sessionId: string; readonly password: string | undefined } | 'administrator';
    },
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
