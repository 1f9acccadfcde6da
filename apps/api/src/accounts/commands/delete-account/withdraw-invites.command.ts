import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

/**
 * Withdraws every pending invitation sent to an address, in whatever project (its holder left).
 * The erasure asks for it, so accounts names it; projects, which own invitations, handle it
 * (WithdrawInvitesHandler): accounts need not know projects, which already know accounts.
 */
export class WithdrawInvitesCommand extends Command<CommandOutcome> {
  constructor(
    readonly input: { readonly email: string },
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
