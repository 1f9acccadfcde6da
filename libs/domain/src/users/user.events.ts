import type { DomainEvent } from '../kernel/messages.js';
import type { Locale } from './user.rules.js';

/**
 * Personal data of an event sits in `pii`, about the person `userId`. The event store seals it
 * with that person's key; after erasure it reads back as null and the rest still replays.
 */
export type Personal<T> = T | null;

export type UserRegistered = DomainEvent<
  'UserRegistered',
  {
    userId: number;
    pii: Personal<{ email: string; name: string; passwordHash: string | null }>;
    /** How the account came to be: a password form, or a single-sign-on provider. */
    via: 'password' | 'oidc';
    emailValidated: boolean;
    /** The language the person signed up in (later mail to them uses it). */
    locale?: Locale;
    /** When the terms were accepted at registration (null: not yet). */
    tncDate: string | null;
    registeredAt: string;
  }
>;

export type UserEmailValidated = DomainEvent<'UserEmailValidated', { userId: number; validatedAt: string }>;

export type UserProfileUpdated = DomainEvent<
  'UserProfileUpdated',
  {
    userId: number;
    /** The full personal profile after the change. */
    pii: Personal<{ name: string; email: string; bio: string }>;
    publicProfile: boolean;
    /** A new address must be validated again. */
    emailChanged: boolean;
    updatedAt: string;
  }
>;

export type UserPasswordChanged = DomainEvent<
  'UserPasswordChanged',
  { userId: number; pii: Personal<{ passwordHash: string }>; via: 'change' | 'reset'; changedAt: string }
>;

export type UserPhotoChanged = DomainEvent<'UserPhotoChanged', { userId: number; photo: string; changedAt: string }>;

export type UserTermsAccepted = DomainEvent<'UserTermsAccepted', { userId: number; tncDate: string }>;

export type UserTermsCleared = DomainEvent<'UserTermsCleared', { userId: number; clearedAt: string }>;

export type UserRolesChanged = DomainEvent<
  'UserRolesChanged',
  { userId: number; admin: boolean; moderator: boolean; changedAt: string }
>;

export type UserIdentityLinked = DomainEvent<
  'UserIdentityLinked',
  { userId: number; provider: string; pii: Personal<{ subject: string }>; linkedAt: string }
>;

export type UserDeleted = DomainEvent<'UserDeleted', { userId: number; deletedAt: string }>;

export type UserEvent =
  | UserRegistered
  | UserEmailValidated
  | UserProfileUpdated
  | UserPasswordChanged
  | UserPhotoChanged
  | UserTermsAccepted
  | UserTermsCleared
  | UserRolesChanged
  | UserIdentityLinked
  | UserDeleted;

export const userEventTypes = [
  'UserRegistered',
  'UserEmailValidated',
  'UserProfileUpdated',
  'UserPasswordChanged',
  'UserPhotoChanged',
  'UserTermsAccepted',
  'UserTermsCleared',
  'UserRolesChanged',
  'UserIdentityLinked',
  'UserDeleted',
] as const satisfies readonly UserEvent['type'][];

export const userStream = (userId: number): string => `user-${userId}`;
