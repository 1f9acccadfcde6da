import {
  projectDecider,
  projectStream,
  type ProjectState,
  type ProjectCommand,
  type ProjectEvent,
  type CommandMetadata,
  type AddProjectStation,
} from '@groundtruth/domain';
import { DeciderCommand } from '../../../common/cqrs/decider-command.js';
import { decideOptionsFor } from '../decide-options.js';

/**
 * Puts a station in a project. Permission checks are the caller's (the API checks that the asker
 * administers the project and may edit the station; the stations feature sends it for a user's
 * default project). Adding a station the project already holds changes nothing.
 */
export class AddProjectStationCommand extends DeciderCommand<ProjectState, ProjectCommand, ProjectEvent> {
  constructor(input: AddProjectStation['data'], meta: CommandMetadata) {
    super(
      projectDecider,
      projectStream(input.projectId),
      { type: 'AddProjectStation', data: input },
      meta,
      decideOptionsFor('AddProjectStation'),
    );
  }
}
