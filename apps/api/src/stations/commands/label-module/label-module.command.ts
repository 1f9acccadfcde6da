import {
  stationDecider,
  stationStream,
  type StationState,
  type StationCommand,
  type StationEvent,
  type CommandMetadata,
  type LabelStationModule,
} from '@groundtruth/domain';
import { DeciderCommand } from '../../../common/cqrs/decider-command.js';

/** Names a station's module, made on the station's version the writer read. */
export class LabelModuleCommand extends DeciderCommand<StationState, StationCommand, StationEvent> {
  constructor(input: LabelStationModule['data'], version: number, meta: CommandMetadata) {
    super(stationDecider, stationStream(input.stationId), { type: 'LabelStationModule', data: input }, meta, {
      expected: { version },
    });
  }
}
