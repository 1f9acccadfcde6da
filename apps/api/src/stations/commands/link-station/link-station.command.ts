import {
  stationDecider,
  stationStream,
  type StationState,
  type StationCommand,
  type StationEvent,
  type CommandMetadata,
  type LinkStation,
} from '@groundtruth/domain';
import { DeciderCommand } from '../../../common/cqrs/decider-command.js';

/** Links a station to its device's account. */
export class LinkStationCommand extends DeciderCommand<StationState, StationCommand, StationEvent> {
  constructor(input: LinkStation['data'], meta: CommandMetadata) {
    super(stationDecider, stationStream(input.stationId), { type: 'LinkStation', data: input }, meta);
  }
}
