import {
  type CommandMetadata,
  type DeleteProjectUpdate,
  type ProjectCommand,
  projectDecider,
  type ProjectEvent,
  type ProjectState,
  projectStream,
} from '@groundtruth/domain';
import { decideOptionsFor } from '../decide-options.js';
import { DeciderCommand } from '../../../common/cqrs/decider-command.js';

/** Deletes a project update. */
export class DeleteProjectUpdateCommand extends DeciderCommand<ProjectState, ProjectCommand, ProjectEvent> {
  constructor(input: DeleteProjectUpdate['data'], meta: CommandMetadata) {
    super(
      projectDecider,
      projectStream(input.projectId),
      { type: 'DeleteProjectUpdate', data: input },
      meta,
      decideOptionsFor('DeleteProjectUpdate'),
    );
  }
}
