import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { stationNotesDecider, stationNotesStream } from '@groundtruth/domain';
import { ID_ALLOCATOR, type IdAllocator } from '@groundtruth/platform';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { SaveStationNotesCommand } from './save-station-notes.command.js';

/** Gives each note to create an id (unused when the rules skip it), then decides and appends. */
@CommandHandler(SaveStationNotesCommand)
export class SaveStationNotesHandler implements ICommandHandler<SaveStationNotesCommand> {
  constructor(
    private readonly streams: AggregateStreams,
    @Inject(ID_ALLOCATOR) private readonly ids: IdAllocator,
  ) {}

  async execute({ input, meta }: SaveStationNotesCommand) {
    const creating = [];
    for (const note of input.creating) creating.push({ ...note, noteId: await this.ids.next('station_note') });
    return this.streams.decide(
      stationNotesDecider,
      stationNotesStream(input.stationId),
      { type: 'SaveStationNotes', data: { ...input, creating } },
      meta,
      // The save carries the notes' version the writer read, which the decider checks: deciding
      // again on a newer stream refuses a stale save (409 with the notes as they are) and takes one
      // still on the current version (a photo added meanwhile does not refuse it).
      { retries: input.version === undefined ? 0 : 10 },
    );
  }
}
