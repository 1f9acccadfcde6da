import {
  type CommandMetadata,
  type ProjectCommand,
  projectDecider,
  type ProjectEvent,
  type ProjectState,
  projectStream,
  type RemoveProjectStation,
} from '@groundtruth/domain';
import { decideOptionsFor } from '../decide-options.js';
import { DeciderCommand } from '../../../common/cqrs/decider-command.js';

/** Takes a station out of a project; decided again after a concurrent change. */
export class RemoveProjectStationCommand extends DeciderCommand<ProjectState, ProjectCommand, ProjectEvent> {
  constructor(input: RemoveProjectStation['data'], meta: CommandMetadata) {
    super(
      projectDecider,
      projectStream(input.projectId),
      { type: 'RemoveProjectStation', data: input },
      meta,
      decideOptionsFor('RemoveProjectStation'),
    );
  }
}
