import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { sessionDecider, sessionStream, type CommandMetadata, type SessionCommand } from '@groundtruth/domain';
import { AggregateStreams, type CommandOutcome } from '../../common/cqrs/aggregate-streams.js';

/** A session-aggregate command: start, rotate or end one session (stream `session-{uuid}`). */
export class SessionCommandMessage extends Command<CommandOutcome> {
  constructor(
    readonly sessionId: string,
    readonly command: SessionCommand,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(SessionCommandMessage)
export class SessionCommandHandler implements ICommandHandler<SessionCommandMessage> {
  constructor(private readonly streams: AggregateStreams) {}

  execute({ sessionId, command, meta }: SessionCommandMessage) {
    return this.streams.decide(sessionDecider, sessionStream(sessionId), command, meta);
  }
}
