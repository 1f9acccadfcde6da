import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { projectDecider, projectStream } from '@groundtruth/domain';
import { ID_ALLOCATOR, type IdAllocator } from '@groundtruth/platform';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { CreateProjectCommand } from './create-project.command.js';

@CommandHandler(CreateProjectCommand)
export class CreateProjectHandler implements ICommandHandler<CreateProjectCommand> {
  constructor(
    private readonly streams: AggregateStreams,
    @Inject(ID_ALLOCATOR) private readonly ids: IdAllocator,
  ) {}

  async execute({ input, meta, projectId: fixed }: CreateProjectCommand) {
    const projectId = fixed ?? (await this.ids.next('project'));
    const outcome = await this.streams.decide(
      projectDecider,
      projectStream(projectId),
      { type: 'CreateProject', data: { ...input, projectId } },
      meta,
    );
    return { ...outcome, projectId };
  }
}
