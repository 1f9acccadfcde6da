import {
  type CommandMetadata,
  type SetRoles,
  type UserCommand,
  userDecider,
  type UserEvent,
  type UserState,
  userStream,
} from '@groundtruth/domain';
import { DeciderCommand } from '../../../common/cqrs/decider-command.js';

/** Grants or withdraws the site roles (admin, moderator). */
export class SetRolesCommand extends DeciderCommand<UserState, UserCommand, UserEvent> {
  constructor(input: SetRoles['data'], meta: CommandMetadata) {
    super(userDecider, userStream(input.userId), { type: 'SetRoles', data: input }, meta);
  }
}
