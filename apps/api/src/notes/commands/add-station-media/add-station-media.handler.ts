import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, stationNotesDecider, stationNotesStream, type MediaKind } from '@groundtruth/domain';
import { ID_ALLOCATOR, type IdAllocator } from '@groundtruth/platform';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { MediaStore, sniffAudio, sniffImage } from '../../../media/index.js';
import { AddStationMediaCommand } from './add-station-media.command.js';

const photoOrRecording = 'Choose a jpeg or png photo, or an m4a or caf recording.';

/**
 * Trusts the bytes, not the name: station photos are jpeg or png (spec §2 Photos page); a note may
 * also take an m4a or caf recording. A photo must decode too, so resizing it later cannot fail.
 * The bytes are stored first and dropped again when the append fails.
 */
@CommandHandler(AddStationMediaCommand)
export class AddStationMediaHandler implements ICommandHandler<AddStationMediaCommand> {
  constructor(
    private readonly streams: AggregateStreams,
    private readonly media: MediaStore,
    @Inject(ID_ALLOCATOR) private readonly ids: IdAllocator,
  ) {}

  private async store(folder: string, noteKey: string | null, bytes: Buffer) {
    const image = sniffImage(bytes);
    // The media store checks the bytes: audio brands for recordings, that a photo decodes.
    const audio = noteKey ? sniffAudio(bytes) : null;
    if (audio && !image) {
      const { key } = await this.media.putMedia(folder, bytes);
      return { mediaKey: key, kind: 'audio' as MediaKind, contentType: audio.contentType };
    }
    if (noteKey && (!image || image.ext === 'gif')) {
      throw DomainError.validation('MEDIA.UNSUPPORTED', { file: photoOrRecording }, photoOrRecording);
    }
    const mediaKey = await this.media.putImage(folder, bytes, ['jpg', 'png']);
    return { mediaKey, kind: 'photo' as MediaKind, contentType: image!.contentType };
  }

  async execute({ input, meta }: AddStationMediaCommand) {
    const { stationId, noteKey, bytes } = input;
    const stored = await this.store(`stations/${stationId}`, noteKey, bytes);
    try {
      const mediaId = await this.ids.next('station_media');
      const outcome = await this.streams.decide(
        stationNotesDecider,
        stationNotesStream(stationId),
        { type: 'AddStationMedia', data: { stationId, mediaId, noteKey, ...stored } },
        meta,
      );
      return { ...outcome, mediaId };
    } catch (error) {
      await this.media.remove(stored.mediaKey);
      throw error;
    }
  }
}
