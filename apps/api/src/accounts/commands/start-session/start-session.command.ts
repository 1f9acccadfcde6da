import {
  type CommandMetadata,
  type SessionCommand,
  sessionDecider,
  type SessionEvent,
  type SessionState,
  sessionStream,
  type StartSession,
} from '@groundtruth/domain';
import { DeciderCommand } from '../../../common/cqrs/decider-command.js';

/** Starts a session (stream `session-{uuid}`) with its first refresh token's hash. */
export class StartSessionCommand extends DeciderCommand<SessionState, SessionCommand, SessionEvent> {
  constructor(input: StartSession['data'], meta: CommandMetadata) {
    super(sessionDecider, sessionStream(input.sessionId), { type: 'StartSession', data: input }, meta);
  }
}
