import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { projectDecider, projectStream } from '@groundtruth/domain';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { MediaStore } from '../../../media/index.js';
import { ProjectsQueries } from '../../queries/projects.queries.js';
import { UploadProjectPhotoCommand } from './upload-photo.command.js';

/** Stores the image (checked by its bytes: jpeg, png or gif), records it, then drops the previous one. */
@CommandHandler(UploadProjectPhotoCommand)
export class UploadProjectPhotoHandler implements ICommandHandler<UploadProjectPhotoCommand> {
  constructor(
    private readonly streams: AggregateStreams,
    private readonly media: MediaStore,
    private readonly projects: ProjectsQueries,
  ) {}

  async execute({ input, meta }: UploadProjectPhotoCommand) {
    const { projectId, bytes } = input;
    const before = await this.projects.photoOf(projectId);
    const photo = await this.media.putImage(`projects/${projectId}`, bytes);
    try {
      const outcome = await this.streams.decide(
        projectDecider,
        projectStream(projectId),
        { type: 'ChangeProjectPhoto', data: { projectId, photo } },
        meta,
      );
      if (before && before !== photo) await this.media.remove(before);
      return outcome;
    } catch (error) {
      await this.media.remove(photo);
      throw error;
    }
  }
}
