import { Inject, Injectable } from '@nestjs/common';
import {
  fold,
  sessionDecider,
  sessionStream,
  signedInAt,
  type ProofOfPerson,
  type SessionEvent,
  type UserState,
} from '@groundtruth/domain';
import { EVENT_STORE, type EventStore } from '@groundtruth/platform';
import { RateLimiter } from '../abuse/rate-limiter.js';
import { PasswordHasher } from '../passwords/password-hasher.js';

/**
 * Gathers what a caller offers as proof of being the person (ProofOfPerson); the user decider
 * judges it. Both facts come from the streams, not the read models: the password from the
 * account's, the sign-in time from the session's.
 *
 * Wrong passwords count against the caller's session (AUTH_RATE_LIMIT per 15 minutes), so a stolen
 * token cannot be used to try passwords without end: once over, that session is refused even the
 * right one. The limit is keyed by session, not by account, so that someone else's guesses never
 * lock the owner out of proving who they are from their own session; a new session needs a sign-in,
 * which has its own limits. A right password is not counted.
 */
@Injectable()
export class PersonProofs {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly hasher: PasswordHasher,
    private readonly limiter: RateLimiter,
  ) {}

  async of(account: UserState, sessionId: string, password: string | undefined): Promise<ProofOfPerson> {
    const history = await this.store.readStream(sessionStream(sessionId));
    const session = fold(sessionDecider, history as unknown as SessionEvent[]);
    const hash = account.status === 'active' ? account.passwordHash : null;
    if (password === undefined || hash === null) return { password: 'absent', signedInAt: signedInAt(session) };
    const counted = await this.limiter.hit('proof', [`session-${sessionId}`]);
    const valid = await this.hasher.verify(hash, password);
    if (valid) await this.limiter.forgive(counted);
    return { password: valid ? 'valid' : 'wrong', signedInAt: signedInAt(session) };
  }
}
