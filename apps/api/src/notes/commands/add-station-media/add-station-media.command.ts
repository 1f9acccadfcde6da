import { Command } from '@nestjs/cqrs';
import type { CommandMetadata, NoteKey } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

/** Bytes for a station: a photo (jpeg, png), or for a note (`noteKey`) also an m4a or caf recording. */
export class AddStationMediaCommand extends Command<CommandOutcome & { mediaId: number }> {
  constructor(
    readonly input: { readonly stationId: number; readonly noteKey: NoteKey | null; readonly bytes: Buffer },
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
