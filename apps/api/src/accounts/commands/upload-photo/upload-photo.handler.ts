import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { userDecider, userStream } from '@groundtruth/domain';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { MediaStore } from '../../../media/index.js';
import { UserAccounts } from '../../user-accounts.js';
import { UploadPhotoCommand } from './upload-photo.command.js';

/** Stores the image (checked by its bytes), records it, then drops the previous one. */
@CommandHandler(UploadPhotoCommand)
export class UploadPhotoHandler implements ICommandHandler<UploadPhotoCommand> {
  constructor(
    private readonly streams: AggregateStreams,
    private readonly media: MediaStore,
    private readonly accounts: UserAccounts,
  ) {}

  async execute({ input, meta }: UploadPhotoCommand) {
    const { userId, bytes } = input;
    const before = await this.accounts.load(userId);
    const photo = await this.media.putImage(`users/${userId}`, bytes);
    try {
      const outcome = await this.streams.decide(
        userDecider,
        userStream(userId),
        { type: 'ChangePhoto', data: { userId, photo } },
        meta,
      );
      if (before.status === 'active' && before.photo) await this.media.remove(before.photo);
      return outcome;
    } catch (error) {
      await this.media.remove(photo);
      throw error;
    }
  }
}
