import {
  projectDecider,
  projectStream,
  type ProjectState,
  type ProjectCommand,
  type ProjectEvent,
  type CommandMetadata,
  type UpdateProject,
  movesProjectDetails,
} from '@groundtruth/domain';
import { DeciderCommand } from '../../../common/cqrs/decider-command.js';

/** Edits a project's details, made on the details' version the writer read (a stale one is a 409). */
export class UpdateProjectCommand extends DeciderCommand<ProjectState, ProjectCommand, ProjectEvent> {
  constructor(input: UpdateProject['data'], version: number, meta: CommandMetadata) {
    super(projectDecider, projectStream(input.projectId), { type: 'UpdateProject', data: input }, meta, {
      expected: { version, counts: movesProjectDetails },
    });
  }
}
