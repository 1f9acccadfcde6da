import {
  type CommandMetadata,
  type RefreshSession,
  type SessionCommand,
  sessionDecider,
  type SessionEvent,
  type SessionState,
  sessionStream,
} from '@groundtruth/domain';
import { DeciderCommand } from '../../../common/cqrs/decider-command.js';

/** Rotates a session's refresh token; a reused one ends the session instead (SessionRevoked). */
export class RefreshSessionCommand extends DeciderCommand<SessionState, SessionCommand, SessionEvent> {
  constructor(sessionId: string, input: RefreshSession['data'], meta: CommandMetadata) {
    super(sessionDecider, sessionStream(sessionId), { type: 'RefreshSession', data: input }, meta);
  }
}
