import {
  type CommandMetadata,
  type FollowProject,
  type ProjectCommand,
  projectDecider,
  type ProjectEvent,
  type ProjectState,
  projectStream,
} from '@groundtruth/domain';
import { decideOptionsFor } from '../decide-options.js';
import { DeciderCommand } from '../../../common/cqrs/decider-command.js';

/** Follows a project's updates; decided again after a concurrent change (a burst of follows). */
export class FollowProjectCommand extends DeciderCommand<ProjectState, ProjectCommand, ProjectEvent> {
  constructor(input: FollowProject['data'], meta: CommandMetadata) {
    super(
      projectDecider,
      projectStream(input.projectId),
      { type: 'FollowProject', data: input },
      meta,
      decideOptionsFor('FollowProject'),
    );
  }
}
