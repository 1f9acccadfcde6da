import {
  type ClearTerms,
  type CommandMetadata,
  type UserCommand,
  userDecider,
  type UserEvent,
  type UserState,
  userStream,
} from '@groundtruth/domain';
import { DeciderCommand } from '../../../common/cqrs/decider-command.js';

/** A site admin clears a person's acceptance of the terms, so they are asked again. */
export class ClearTermsCommand extends DeciderCommand<UserState, UserCommand, UserEvent> {
  constructor(input: ClearTerms['data'], meta: CommandMetadata) {
    super(userDecider, userStream(input.userId), { type: 'ClearTerms', data: input }, meta);
  }
}
