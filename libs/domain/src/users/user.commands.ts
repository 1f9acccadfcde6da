import type { Command } from '../kernel/messages.js';
import type { ProofOfPerson } from './proof-of-person.js';
import type { Locale } from './user.rules.js';

/** Passwords arrive hashed: hashing is slow I/O-free work the handler does before deciding. */
export type RegisterUser = Command<
  'RegisterUser',
  {
    userId: number;
    name: string;
    email: string;
    passwordHash: string | null;
    tncAccept: boolean;
    via: 'password' | 'oidc';
    /** Single sign-on providers vouch for the address. */
    emailValidated: boolean;
    locale?: Locale;
  }
>;
export type ValidateEmail = Command<'ValidateEmail', { userId: number; email: string }>;
/**
 * A new e-mail needs `proof` (missing counts as none given) and `undoId`, the id of the undo link
 * mailed to the old address; name, bio and public profile need neither.
 */
export type UpdateProfile = Command<
  'UpdateProfile',
  {
    userId: number;
    changes: { name?: string; email?: string; bio?: string; publicProfile?: boolean };
    proof?: ProofOfPerson;
    undoId?: string;
  }
>;
/** A change needs proof of the person; a reset's proof is the mailed token, checked before. */
export type ChangePassword = Command<
  'ChangePassword',
  | { userId: number; passwordHash: string; via: 'change'; proof: ProofOfPerson }
  | { userId: number; passwordHash: string; via: 'reset' }
>;
/** From the link mailed to the old address after an e-mail change. */
export type UndoEmailChange = Command<'UndoEmailChange', { userId: number; undoId: string }>;
export type ChangePhoto = Command<'ChangePhoto', { userId: number; photo: string }>;
export type AcceptTerms = Command<'AcceptTerms', { userId: number }>;
export type ClearTerms = Command<'ClearTerms', { userId: number }>;
export type SetRoles = Command<'SetRoles', { userId: number; admin?: boolean; moderator?: boolean }>;
export type LinkIdentity = Command<'LinkIdentity', { userId: number; provider: string; subject: string }>;
/** By the person (with proof of it), or by a site administrator who proved themselves instead. */
export type DeleteUser = Command<'DeleteUser', { userId: number; proof: ProofOfPerson | 'administrator' }>;

export type UserCommand =
  | RegisterUser
  | ValidateEmail
  | UpdateProfile
  | ChangePassword
  | ChangePhoto
  | AcceptTerms
  | ClearTerms
  | SetRoles
  | LinkIdentity
  | UndoEmailChange
  | DeleteUser;
