import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ingestionDecider, ingestionStream } from '@groundtruth/domain';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { RecordProcessingCommand } from './record-processing.command.js';

@CommandHandler(RecordProcessingCommand)
export class RecordProcessingHandler implements ICommandHandler<RecordProcessingCommand> {
  constructor(private readonly streams: AggregateStreams) {}

  execute({ input, meta }: RecordProcessingCommand) {
    return this.streams.decide(
      ingestionDecider,
      ingestionStream(input.ingestionId),
      { type: 'RecordIngestionProcessed', data: input },
      meta,
    );
  }
}
