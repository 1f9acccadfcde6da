import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import sharp from 'sharp';
import { DomainError, stationNotesDecider, stationNotesStream, type MediaKind } from '@groundtruth/domain';
import { RUNTIME, type Runtime } from '@groundtruth/platform';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { MediaStore, sniffAudio, sniffImage } from '../../../media/media-store.js';
import { AddStationMediaCommand } from './add-station-media.command.js';

const photoOrRecording = 'Choose a jpeg or png photo, or an m4a or caf recording.';
const notReadable = 'This image cannot be read. Choose another jpeg or png.';

/** MPEG-4 audio brands; other ISO media (HEIC photos, QuickTime video) share the 'ftyp' box but are not recordings. */
const isRecording = (bytes: Buffer, ext: string): boolean =>
  ext !== 'm4a' || /^(M4A |M4B |mp4[12]|iso[2-6m])$/.test(bytes.subarray(8, 12).toString('latin1'));

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
    @Inject(RUNTIME) private readonly runtime: Runtime,
  ) {}

  private async store(folder: string, noteKey: string | null, bytes: Buffer) {
    const image = sniffImage(bytes);
    const sniffed = noteKey ? sniffAudio(bytes) : null;
    const audio = sniffed && isRecording(bytes, sniffed.ext) ? sniffed : null;
    if (audio && !image) {
      const { key } = await this.media.putMedia(folder, bytes);
      return { mediaKey: key, kind: 'audio' as MediaKind, contentType: audio.contentType };
    }
    if (noteKey && (!image || image.ext === 'gif')) {
      throw DomainError.validation('MEDIA.UNSUPPORTED', { file: photoOrRecording }, photoOrRecording);
    }
    if (image && image.ext !== 'gif') {
      const decodes = await sharp(bytes)
        .resize({ width: 8 })
        .toBuffer()
        .then(() => true)
        .catch(() => false);
      if (!decodes) throw DomainError.validation('MEDIA.UNREADABLE', { file: notReadable }, notReadable);
    }
    const mediaKey = await this.media.putImage(folder, bytes, ['jpg', 'png']);
    return { mediaKey, kind: 'photo' as MediaKind, contentType: image!.contentType };
  }

  async execute({ input, meta }: AddStationMediaCommand) {
    const { stationId, noteKey, bytes } = input;
    const stored = await this.store(`stations/${stationId}`, noteKey, bytes);
    try {
      const mediaId = await this.runtime.ids.next('station_media');
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
