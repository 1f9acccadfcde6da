import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { projectDecider, projectInviteSubject, projectStream, type ProjectCommand } from '@groundtruth/domain';
import { SUBJECT_KEYS, type SubjectKeyStore } from '@groundtruth/platform';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { decideOptionsFor } from '../decide-options.js';
import { AnswerProjectInviteCommand } from './answer-invite.command.js';

/**
 * Accepts or declines an invitation, then destroys the key its address was sealed with: an
 * answered invitation keeps no e-mail address in the log, and its token stops working.
 */
@CommandHandler(AnswerProjectInviteCommand)
export class AnswerProjectInviteHandler implements ICommandHandler<AnswerProjectInviteCommand> {
  constructor(
    private readonly streams: AggregateStreams,
    @Inject(SUBJECT_KEYS) private readonly keys: SubjectKeyStore,
  ) {}

  async execute({ input, meta }: AnswerProjectInviteCommand) {
    const { answer, ...data } = input;
    const command: ProjectCommand =
      answer === 'accept' ? { type: 'AcceptProjectInvite', data } : { type: 'DeclineProjectInvite', data };
    const stream = projectStream(input.projectId);
    const outcome = await this.streams.decide(projectDecider, stream, command, meta, decideOptionsFor(command.type));
    await this.keys.destroy(projectInviteSubject(input.inviteId));
    return outcome;
  }
}
