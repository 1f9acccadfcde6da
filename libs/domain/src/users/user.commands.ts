import type { Command } from '../kernel/messages.js';
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
export type UpdateProfile = Command<
  'UpdateProfile',
  { userId: number; changes: { name?: string; email?: string; bio?: string; publicProfile?: boolean } }
>;
export type ChangePassword = Command<'ChangePassword', { userId: number; passwordHash: string; via: 'change' | 'reset' }>;
export type ChangePhoto = Command<'ChangePhoto', { userId: number; photo: string }>;
export type AcceptTerms = Command<'AcceptTerms', { userId: number }>;
export type ClearTerms = Command<'ClearTerms', { userId: number }>;
export type SetRoles = Command<'SetRoles', { userId: number; admin?: boolean; moderator?: boolean }>;
export type LinkIdentity = Command<'LinkIdentity', { userId: number; provider: string; subject: string }>;
export type DeleteUser = Command<'DeleteUser', { userId: number }>;

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
  | DeleteUser;
