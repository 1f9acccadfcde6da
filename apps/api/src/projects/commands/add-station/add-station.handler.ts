import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { projectDecider, projectStream } from '@groundtruth/domain';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { decideOptionsFor } from '../decide-options.js';
import { AddProjectStationCommand } from './add-station.command.js';

@CommandHandler(AddProjectStationCommand)
export class AddProjectStationHandler implements ICommandHandler<AddProjectStationCommand> {
  constructor(private readonly streams: AggregateStreams) {}

  execute({ input, meta }: AddProjectStationCommand) {
    return this.streams.decide(
      projectDecider,
      projectStream(input.projectId),
      { type: 'AddProjectStation', data: input },
      meta,
      decideOptionsFor('AddProjectStation'),
    );
  }
}
