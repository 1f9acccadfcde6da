import {
  type CommandMetadata,
  type ProjectionCommand,
  type ProjectionOpsEvent,
  type ProjectionOpsState,
  projectionOpsDecider,
  projectionStream,
  type RebuildProjection,
} from '@groundtruth/domain';
import { DeciderCommand } from '../../../common/cqrs/decider-command.js';

/** Rebuild one projection (or `all`) into fresh tables swapped in at the end: recorded, then run by the projector. */
export class RebuildProjectionCommand extends DeciderCommand<ProjectionOpsState, ProjectionCommand, ProjectionOpsEvent> {
  constructor(input: RebuildProjection['data'], meta: CommandMetadata) {
    super(projectionOpsDecider, projectionStream(input.projection), { type: 'RebuildProjection', data: input }, meta, {
      retries: 3,
    });
  }
}
