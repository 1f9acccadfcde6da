import {
  type AcceptTerms,
  type CommandMetadata,
  type UserCommand,
  userDecider,
  type UserEvent,
  type UserState,
  userStream,
} from '@groundtruth/domain';
import { DeciderCommand } from '../../../common/cqrs/decider-command.js';

/** The person accepts the current terms of use. */
export class AcceptTermsCommand extends DeciderCommand<UserState, UserCommand, UserEvent> {
  constructor(input: AcceptTerms['data'], meta: CommandMetadata) {
    super(userDecider, userStream(input.userId), { type: 'AcceptTerms', data: input }, meta);
  }
}
