import {
  type CommandMetadata,
  type LinkIdentity,
  type UserCommand,
  userDecider,
  type UserEvent,
  type UserState,
  userStream,
} from '@groundtruth/domain';
import { DeciderCommand } from '../../../common/cqrs/decider-command.js';

/** Records that a single sign-on identity (provider, subject) signs in to this account. */
export class LinkIdentityCommand extends DeciderCommand<UserState, UserCommand, UserEvent> {
  constructor(input: LinkIdentity['data'], meta: CommandMetadata) {
    super(userDecider, userStream(input.userId), { type: 'LinkIdentity', data: input }, meta);
  }
}
