import {
  stationNotesDecider,
  stationNotesStream,
  type StationNotesState,
  type StationNotesCommand,
  type StationNotesEvent,
  type CommandMetadata,
  type ChooseStationImage,
} from '@groundtruth/domain';
import { DeciderCommand } from '../../../common/cqrs/decider-command.js';

/** Chooses which of a station's photos shows as its image. */
export class ChooseStationImageCommand extends DeciderCommand<StationNotesState, StationNotesCommand, StationNotesEvent> {
  constructor(input: ChooseStationImage['data'], meta: CommandMetadata) {
    super(stationNotesDecider, stationNotesStream(input.stationId), { type: 'ChooseStationImage', data: input }, meta);
  }
}
