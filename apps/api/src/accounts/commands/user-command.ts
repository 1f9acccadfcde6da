import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { userDecider, userStream, type CommandMetadata, type UserCommand } from '@groundtruth/domain';
import { AggregateStreams, type CommandOutcome } from '../../common/cqrs/aggregate-streams.js';

/**
 * A user-aggregate command. Most account use cases are one decision on one stream, so they share
 * this thin handler; use cases that do more (hashing, claims, mail, erasure) orchestrate around it.
 */
export class UserCommandMessage extends Command<CommandOutcome> {
  constructor(
    readonly command: UserCommand,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(UserCommandMessage)
export class UserCommandHandler implements ICommandHandler<UserCommandMessage> {
  constructor(private readonly streams: AggregateStreams) {}

  execute({ command, meta }: UserCommandMessage) {
    return this.streams.decide(userDecider, userStream(command.data.userId), command, meta);
  }
}
