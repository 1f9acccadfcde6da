import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ingestionDecider, ingestionStream } from '@groundtruth/domain';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { ReceiveIngestionCommand } from './receive-ingestion.command.js';

@CommandHandler(ReceiveIngestionCommand)
export class ReceiveIngestionHandler implements ICommandHandler<ReceiveIngestionCommand> {
  constructor(private readonly streams: AggregateStreams) {}

  execute({ input, meta }: ReceiveIngestionCommand) {
    return this.streams.decide(
      ingestionDecider,
      ingestionStream(input.ingestionId),
      { type: 'ReceiveIngestion', data: input },
      meta,
    );
  }
}
