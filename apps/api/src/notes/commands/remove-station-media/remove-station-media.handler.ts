import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { stationNotesDecider, stationNotesStream } from '@groundtruth/domain';
import { LOGGER, type Logger } from '@groundtruth/platform';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { MediaStore } from '../../../media/index.js';
import { RemoveStationMediaCommand } from './remove-station-media.command.js';

/** Records the deletion, then drops the stored bytes (a failure there leaves an orphan file, logged). */
@CommandHandler(RemoveStationMediaCommand)
export class RemoveStationMediaHandler implements ICommandHandler<RemoveStationMediaCommand> {
  constructor(
    private readonly streams: AggregateStreams,
    private readonly media: MediaStore,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  async execute({ input, meta }: RemoveStationMediaCommand) {
    const outcome = await this.streams.decide(
      stationNotesDecider,
      stationNotesStream(input.stationId),
      { type: 'RemoveStationMedia', data: input },
      meta,
    );
    for (const event of outcome.events) {
      if (event.type !== 'StationMediaRemoved') continue;
      const { mediaKey } = event.data as { mediaKey: string };
      await this.media.remove(mediaKey).catch((err: unknown) => this.log.warn({ err, mediaKey }, 'could not remove media'));
    }
    return outcome;
  }
}
