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

/**
 * Follows a UserProfileUpdated that changed the address: the old address was mailed a link that
 * undoes the change until `expiresAt`. The old address is personal data, sealed like the others.
 */
export type UserEmailUndoOffered = DomainEvent<
  'UserEmailUndoOffered',
  {
    userId: number;
    undoId: string;
    pii: Personal<{ previousEmail: string }>;
    previousEmailValidated: boolean;
    expiresAt: string;
    offeredAt: string;
  }
>;

/** The old address took the account back: it is the account's address again, and the offer is used up. */
export type UserEmailChangeUndone = DomainEvent<
  'UserEmailChangeUndone',
  { userId: number; undoId: string; pii: Personal<{ email: string }>; emailValidated: boolean; undoneAt: string }
>;

/**
 * The password ended without a new one: an e-mail change was undone, and whoever made that change
 * proved it with this password, so it is known to them. The person sets a new one through recovery.
 */
export type UserPasswordCleared = DomainEvent<
  'UserPasswordCleared',
  { userId: number; reason: 'email_change_undone'; clearedAt: string }
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
  | UserEmailUndoOffered
  | UserEmailChangeUndone
  | UserPasswordCleared
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
  'UserEmailUndoOffered',
  'UserEmailChangeUndone',
  'UserPasswordCleared',
  'UserDeleted',
] as const satisfies readonly UserEvent['type'][];

export const userStream = (userId: number): string => `user-${userId}`;
