import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ingestionDecider, ingestionStream } from '@groundtruth/domain';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { RequestReprocessingCommand } from './request-reprocessing.command.js';

@CommandHandler(RequestReprocessingCommand)
export class RequestReprocessingHandler implements ICommandHandler<RequestReprocessingCommand> {
  constructor(private readonly streams: AggregateStreams) {}

  execute({ input, meta }: RequestReprocessingCommand) {
    return this.streams.decide(
      ingestionDecider,
      ingestionStream(input.ingestionId),
      { type: 'RequestReprocessing', data: input },
      meta,
    );
  }
}
