import {
  stationDecider,
  stationStream,
  type StationState,
  type StationCommand,
  type StationEvent,
  type CommandMetadata,
  type UnlinkStation,
} from '@groundtruth/domain';
import { DeciderCommand } from '../../../common/cqrs/decider-command.js';

/** Unlinks a station from its device's account. */
export class UnlinkStationCommand extends DeciderCommand<StationState, StationCommand, StationEvent> {
  constructor(input: UnlinkStation['data'], meta: CommandMetadata) {
    super(stationDecider, stationStream(input.stationId), { type: 'UnlinkStation', data: input }, meta);
  }
}
