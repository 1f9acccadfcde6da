import { DomainError } from '../kernel/domain-error.js';
import { userMessages } from './user.rules.js';

/** Spec-free rule of issue 13: an SSO-only account proves itself by a sign-in at most this old. */
export const RECENT_SIGN_IN_MS = 5 * 60_000;

/** How long the old address may undo an e-mail change from the mail it gets. */
export const EMAIL_UNDO_DAYS = 7;

/**
 * What the caller offered as proof that they are the person, not just someone holding a token.
 * Checking a password is slow I/O-free work the handler does before deciding, so the password
 * arrives as the outcome of that check; the sign-in time is the caller's session's start (a
 * refresh does not move it), null when the session is not the person's own (an admin spoofing).
 */
export type ProofOfPerson = {
  readonly password: 'valid' | 'wrong' | 'absent';
  readonly signedInAt: string | null;
};

/**
 * Changing the e-mail or the password and deleting the account need proof of the person: the
 * current password for an account that has one, else (single sign-on only) a sign-in no older than
 * five minutes. Throws a 403 with a code the web app acts on; `field` names the password input.
 */
export const checkProofOfPerson = (
  account: { readonly passwordHash: string | null },
  proof: ProofOfPerson,
  now: string,
  field = 'currentPassword',
): void => {
  if (account.passwordHash !== null) {
    if (proof.password === 'valid') return;
    if (proof.password === 'wrong') {
      throw new DomainError('forbidden', 'USER.PROOF_PASSWORD_WRONG', userMessages.passwordCheckFailed, {
        [field]: userMessages.passwordCheckFailed,
      });
    }
    throw new DomainError('forbidden', 'USER.PROOF_PASSWORD_REQUIRED', userMessages.currentPasswordRequired, {
      [field]: userMessages.currentPasswordRequired,
    });
  }
  const age = proof.signedInAt === null ? Infinity : Date.parse(now) - Date.parse(proof.signedInAt);
  if (!(age <= RECENT_SIGN_IN_MS)) {
    throw new DomainError('forbidden', 'USER.PROOF_RECENT_SIGN_IN_REQUIRED', userMessages.recentSignInRequired);
  }
};
