import {
  type CommandMetadata,
  type ProjectionCommand,
  type ProjectionOpsEvent,
  type ProjectionOpsState,
  projectionOpsDecider,
  projectionStream,
  type RetryFailedEvent,
} from '@groundtruth/domain';
import { DeciderCommand } from '../../../common/cqrs/decider-command.js';

/** Apply again the event a projection stopped on (its cause fixed): recorded, then acted on by the projector. */
export class RetryFailedEventCommand extends DeciderCommand<ProjectionOpsState, ProjectionCommand, ProjectionOpsEvent> {
  constructor(input: RetryFailedEvent['data'], meta: CommandMetadata) {
    super(projectionOpsDecider, projectionStream(input.projection), { type: 'RetryFailedEvent', data: input }, meta, {
      retries: 3,
    });
  }
}
