import { randomUUID } from 'node:crypto';
import {
  sessionDecider,
  sessionStream,
  userDecider,
  userStream,
  type Command,
  type Decider,
  type DomainEvent,
} from '../../libs/domain/src/index.js';
import { decideAndAppend, personalSubject, type EventStore, type SubjectKeyStore } from '../../libs/platform/src/index.js';

let clock = Date.UTC(2026, 0, 1);
const meta = () => {
  clock += 1000;
  return { correlationId: 'seed', causationId: 'seed', userId: null, now: new Date(clock).toISOString() };
};

const run = async <S, C extends Command, E extends DomainEvent>(
  store: EventStore,
  decider: Decider<S, C, E>,
  stream: string,
  commands: C[],
) => {
  for (const command of commands) await decideAndAppend(store, decider, stream, command, meta());
};

/**
 * Realistic account histories through the real deciders: registrations, validations, profile and
 * role changes, sessions that rotate and end, and every fifth account deleted with its key destroyed.
 */
export const appendAccountHistory = async (
  store: EventStore,
  keys: SubjectKeyStore,
  options: { users: number; firstId?: number },
) => {
  const first = options.firstId ?? 1;
  for (let userId = first; userId < first + options.users; userId++) {
    const email = `person-${userId}@example.org`;
    await run(store, userDecider, userStream(userId), [
      {
        type: 'RegisterUser',
        data: {
          userId,
          name: `Person ${userId}`,
          email,
          passwordHash: `hash-${userId}`,
          tncAccept: true,
          via: 'password',
          emailValidated: false,
        },
      },
      { type: 'ValidateEmail', data: { userId, email } },
      { type: 'UpdateProfile', data: { userId, changes: { bio: `Bio of ${userId}`, publicProfile: userId % 2 === 0 } } },
      ...(userId % 3 === 0 ? [{ type: 'SetRoles' as const, data: { userId, admin: true } }] : []),
      ...(userId % 4 === 0 ? [{ type: 'ClearTerms' as const, data: { userId } }] : []),
    ]);
    const sessionId = randomUUID();
    await run(store, sessionDecider, sessionStream(sessionId), [
      {
        type: 'StartSession',
        data: { sessionId, userId, method: 'password', refreshTokenHash: 'h0', ttlDays: 30, spoofedBy: null },
      },
      { type: 'RefreshSession', data: { presentedHash: 'h0', nextHash: 'h1', ttlDays: 30 } },
      ...(userId % 2 === 0 ? [{ type: 'RevokeSession' as const, data: { reason: 'logout' as const } }] : []),
    ]);
    if (userId % 5 === 0) {
      await run(store, userDecider, userStream(userId), [{ type: 'DeleteUser', data: { userId, proof: 'administrator' } }]);
      await keys.destroy(personalSubject(userId));
    }
  }
};
