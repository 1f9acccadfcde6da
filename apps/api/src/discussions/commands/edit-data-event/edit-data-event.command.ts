import {
  dataEventDecider,
  dataEventStream,
  type CommandMetadata,
  type DataEventCommand,
  type DataEventEvent,
  type DataEventState,
  type EditDataEvent,
} from '@groundtruth/domain';
import { DeciderCommand } from '../../../common/cqrs/decider-command.js';

export class EditDataEventCommand extends DeciderCommand<DataEventState, DataEventCommand, DataEventEvent> {
  constructor(input: EditDataEvent['data'], meta: CommandMetadata) {
    super(dataEventDecider, dataEventStream(input.eventId), { type: 'EditDataEvent', data: input }, meta);
  }
}
