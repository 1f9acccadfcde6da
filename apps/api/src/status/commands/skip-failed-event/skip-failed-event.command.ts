import {
  type CommandMetadata,
  type ProjectionCommand,
  type ProjectionOpsEvent,
  type ProjectionOpsState,
  projectionOpsDecider,
  projectionStream,
  type SkipFailedEvent,
} from '@groundtruth/domain';
import { DeciderCommand } from '../../../common/cqrs/decider-command.js';

/** Leave the event a projection stopped on out of its read model: recorded, then acted on by the projector. */
export class SkipFailedEventCommand extends DeciderCommand<ProjectionOpsState, ProjectionCommand, ProjectionOpsEvent> {
  constructor(input: SkipFailedEvent['data'], meta: CommandMetadata) {
    super(projectionOpsDecider, projectionStream(input.projection), { type: 'SkipFailedEvent', data: input }, meta, {
      retries: 3,
    });
  }
}
