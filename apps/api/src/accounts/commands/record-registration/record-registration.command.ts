import {
  type CommandMetadata,
  type RegisterUser,
  type UserCommand,
  userDecider,
  type UserEvent,
  type UserState,
  userStream,
} from '@groundtruth/domain';
import { DeciderCommand } from '../../../common/cqrs/decider-command.js';

/**
 * Records an account whose id, address claim and password hash the caller has already made (single
 * sign-on, the demo account). A person's own sign-up is RegisterUserCommand, which makes them.
 */
export class RecordRegistrationCommand extends DeciderCommand<UserState, UserCommand, UserEvent> {
  constructor(input: RegisterUser['data'], meta: CommandMetadata) {
    super(userDecider, userStream(input.userId), { type: 'RegisterUser', data: input }, meta);
  }
}
