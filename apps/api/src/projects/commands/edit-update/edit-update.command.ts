import {
  type CommandMetadata,
  type EditProjectUpdate,
  movesProjectUpdate,
  type ProjectCommand,
  projectDecider,
  type ProjectEvent,
  type ProjectState,
  projectStream,
} from '@groundtruth/domain';
import { DeciderCommand } from '../../../common/cqrs/decider-command.js';

/** Edits a project update made on the version the writer read (a stale one is a 409 with the update as it is now). */
export class EditProjectUpdateCommand extends DeciderCommand<ProjectState, ProjectCommand, ProjectEvent> {
  constructor(input: EditProjectUpdate['data'], version: number, meta: CommandMetadata) {
    super(projectDecider, projectStream(input.projectId), { type: 'EditProjectUpdate', data: input }, meta, {
      expected: { version, counts: movesProjectUpdate(input.updateId) },
    });
  }
}
