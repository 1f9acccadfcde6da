import {
  type CommandMetadata,
  type RevokeSession,
  type SessionCommand,
  sessionDecider,
  type SessionEvent,
  type SessionState,
  sessionStream,
} from '@groundtruth/domain';
import { DeciderCommand } from '../../../common/cqrs/decider-command.js';

/** Ends a session (sign-out, password change, account deleted). */
export class RevokeSessionCommand extends DeciderCommand<SessionState, SessionCommand, SessionEvent> {
  constructor(sessionId: string, input: RevokeSession['data'], meta: CommandMetadata) {
    super(sessionDecider, sessionStream(sessionId), { type: 'RevokeSession', data: input }, meta);
  }
}
