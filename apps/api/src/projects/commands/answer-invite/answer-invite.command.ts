import { Command } from '@nestjs/cqrs';
import type { CommandMetadata, InviteProof } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

export type AnswerInviteInput = {
  readonly projectId: number;
  readonly inviteId: number;
  readonly userId: number;
  readonly proof: InviteProof;
  readonly answer: 'accept' | 'decline';
};

export class AnswerProjectInviteCommand extends Command<CommandOutcome> {
  constructor(
    readonly input: AnswerInviteInput,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
