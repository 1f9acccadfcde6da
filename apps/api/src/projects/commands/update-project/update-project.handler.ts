import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { movesProjectDetails, projectDecider, projectStream } from '@groundtruth/domain';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { UpdateProjectCommand } from './update-project.command.js';

@CommandHandler(UpdateProjectCommand)
export class UpdateProjectHandler implements ICommandHandler<UpdateProjectCommand> {
  constructor(private readonly streams: AggregateStreams) {}

  execute({ input, version, meta }: UpdateProjectCommand) {
    return this.streams.decide(projectDecider, projectStream(input.projectId), { type: 'UpdateProject', data: input }, meta, {
      expected: { version, counts: movesProjectDetails },
    });
  }
}
