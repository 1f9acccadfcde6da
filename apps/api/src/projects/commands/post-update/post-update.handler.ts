import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { projectDecider, projectStream } from '@groundtruth/domain';
import { ID_ALLOCATOR, type IdAllocator } from '@groundtruth/platform';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { PostProjectUpdateCommand } from './post-update.command.js';

/** Update ids are numbers from their own sequence (the update form's route names one). */
@CommandHandler(PostProjectUpdateCommand)
export class PostProjectUpdateHandler implements ICommandHandler<PostProjectUpdateCommand> {
  constructor(
    private readonly streams: AggregateStreams,
    @Inject(ID_ALLOCATOR) private readonly ids: IdAllocator,
  ) {}

  async execute({ input, meta }: PostProjectUpdateCommand) {
    const updateId = await this.ids.next('project_update');
    const outcome = await this.streams.decide(
      projectDecider,
      projectStream(input.projectId),
      { type: 'PostProjectUpdate', data: { ...input, updateId } },
      meta,
    );
    return { ...outcome, updateId };
  }
}
