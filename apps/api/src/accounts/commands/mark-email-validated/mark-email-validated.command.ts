import {
  type CommandMetadata,
  type UserCommand,
  userDecider,
  type UserEvent,
  type UserState,
  userStream,
  type ValidateEmail,
} from '@groundtruth/domain';
import { DeciderCommand } from '../../../common/cqrs/decider-command.js';

/** Records that the person proved the address (by a mailed link, or by resetting the password through it). */
export class MarkEmailValidatedCommand extends DeciderCommand<UserState, UserCommand, UserEvent> {
  constructor(input: ValidateEmail['data'], meta: CommandMetadata) {
    super(userDecider, userStream(input.userId), { type: 'ValidateEmail', data: input }, meta);
  }
}
