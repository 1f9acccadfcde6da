import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { dataEventDecider, dataEventStream } from '@groundtruth/domain';
import { ID_ALLOCATOR, type IdAllocator } from '@groundtruth/platform';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { CreateDataEventCommand } from './create-data-event.command.js';

@CommandHandler(CreateDataEventCommand)
export class CreateDataEventHandler implements ICommandHandler<CreateDataEventCommand> {
  constructor(
    private readonly streams: AggregateStreams,
    @Inject(ID_ALLOCATOR) private readonly ids: IdAllocator,
  ) {}

  async execute({ input, meta }: CreateDataEventCommand) {
    const eventId = await this.ids.next('data_event');
    const outcome = await this.streams.decide(
      dataEventDecider,
      dataEventStream(eventId),
      { type: 'CreateDataEvent', data: { ...input, eventId } },
      meta,
    );
    return { ...outcome, eventId };
  }
}
