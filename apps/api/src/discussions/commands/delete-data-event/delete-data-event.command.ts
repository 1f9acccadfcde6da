import {
  dataEventDecider,
  dataEventStream,
  type CommandMetadata,
  type DataEventCommand,
  type DataEventEvent,
  type DataEventState,
  type DeleteDataEvent,
} from '@groundtruth/domain';
import { DeciderCommand } from '../../../common/cqrs/decider-command.js';

export class DeleteDataEventCommand extends DeciderCommand<DataEventState, DataEventCommand, DataEventEvent> {
  constructor(input: DeleteDataEvent['data'], meta: CommandMetadata) {
    super(dataEventDecider, dataEventStream(input.eventId), { type: 'DeleteDataEvent', data: input }, meta);
  }
}
