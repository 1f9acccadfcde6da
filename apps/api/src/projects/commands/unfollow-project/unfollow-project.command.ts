import {
  type CommandMetadata,
  type ProjectCommand,
  projectDecider,
  type ProjectEvent,
  type ProjectState,
  projectStream,
  type UnfollowProject,
} from '@groundtruth/domain';
import { decideOptionsFor } from '../decide-options.js';
import { DeciderCommand } from '../../../common/cqrs/decider-command.js';

/** Stops following a project; decided again after a concurrent change. */
export class UnfollowProjectCommand extends DeciderCommand<ProjectState, ProjectCommand, ProjectEvent> {
  constructor(input: UnfollowProject['data'], meta: CommandMetadata) {
    super(
      projectDecider,
      projectStream(input.projectId),
      { type: 'UnfollowProject', data: input },
      meta,
      decideOptionsFor('UnfollowProject'),
    );
  }
}
