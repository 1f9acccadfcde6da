import { DomainError } from '../kernel/domain-error.js';
import type { Decider } from '../kernel/decider.js';
import type { UserCommand } from './user.commands.js';
import type { UserEvent } from './user.events.js';
import { USER_BIO_MAX, USER_NAME_MAX, isValidEmail, normalizeEmail, userMessages } from './user.rules.js';

export type UserProfile = {
  readonly userId: number;
  readonly email: string;
  readonly name: string;
  readonly bio: string;
  readonly passwordHash: string | null;
  readonly emailValidated: boolean;
  readonly publicProfile: boolean;
  readonly tncDate: string | null;
  readonly admin: boolean;
  readonly moderator: boolean;
  readonly photo: string | null;
  readonly identities: readonly string[];
};

export type UserState =
  | { readonly status: 'absent' }
  | ({ readonly status: 'active' } & UserProfile)
  | { readonly status: 'deleted'; readonly userId: number };

const notFound = () => new DomainError('not_found', 'USER.NOT_FOUND', userMessages.userNotFound);

const active = (state: UserState): Extract<UserState, { status: 'active' }> => {
  if (state.status === 'active') return state;
  if (state.status === 'deleted') throw new DomainError('not_found', 'USER.DELETED', userMessages.accountDeleted);
  throw notFound();
};

const checkName = (name: string, errors: Record<string, string>): string => {
  const trimmed = name.trim();
  if (!trimmed) errors['name'] = userMessages.nameRequired;
  else if (trimmed.length > USER_NAME_MAX) errors['name'] = userMessages.nameTooLong;
  return trimmed;
};

const checkEmail = (email: string, errors: Record<string, string>): string => {
  const normalized = normalizeEmail(email);
  if (!normalized) errors['email'] = userMessages.emailRequired;
  else if (!isValidEmail(normalized)) errors['email'] = userMessages.emailValid;
  return normalized;
};

const fail = (errors: Record<string, string>): void => {
  if (Object.keys(errors).length) throw DomainError.validation('USER.INVALID', errors);
};

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: { status: 'absent' },

  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered': {
        const d = event.data;
        return {
          status: 'active',
          userId: d.userId,
          email: d.pii?.email ?? '',
          name: d.pii?.name ?? '',
          bio: '',
          passwordHash: d.pii?.passwordHash ?? null,
          emailValidated: d.emailValidated,
          publicProfile: false,
          tncDate: d.tncDate,
          admin: false,
          moderator: false,
          photo: null,
          identities: [],
        };
      }
      case 'UserDeleted':
        return { status: 'deleted', userId: event.data.userId };
    }
    if (state.status !== 'active') return state;
    switch (event.type) {
      case 'UserEmailValidated':
        return { ...state, emailValidated: true };
      case 'UserProfileUpdated': {
        const pii = event.data.pii;
        return {
          ...state,
          ...(pii ? { name: pii.name, email: pii.email, bio: pii.bio } : {}),
          publicProfile: event.data.publicProfile,
          emailValidated: event.data.emailChanged ? false : state.emailValidated,
        };
      }
      case 'UserPasswordChanged':
        return { ...state, passwordHash: event.data.pii?.passwordHash ?? state.passwordHash };
      case 'UserPhotoChanged':
        return { ...state, photo: event.data.photo };
      case 'UserTermsAccepted':
        return { ...state, tncDate: event.data.tncDate };
      case 'UserTermsCleared':
        return { ...state, tncDate: null };
      case 'UserRolesChanged':
        return { ...state, admin: event.data.admin, moderator: event.data.moderator };
      case 'UserIdentityLinked':
        return { ...state, identities: [...state.identities, event.data.provider] };
      default:
        return state;
    }
  },

  decide(command, state, meta) {
    switch (command.type) {
      case 'RegisterUser': {
        if (state.status !== 'absent') throw new DomainError('conflict', 'USER.ALREADY_EXISTS', 'This account already exists.');
        const errors: Record<string, string> = {};
        const name = checkName(command.data.name, errors);
        const email = checkEmail(command.data.email, errors);
        if (command.data.via === 'password' && !command.data.tncAccept) errors['tncAccept'] = userMessages.tncRequired;
        if (command.data.via === 'password' && !command.data.passwordHash) errors['password'] = userMessages.passwordRequired;
        fail(errors);
        return [
          {
            type: 'UserRegistered',
            data: {
              userId: command.data.userId,
              pii: { email, name, passwordHash: command.data.passwordHash },
              via: command.data.via,
              emailValidated: command.data.emailValidated,
              ...(command.data.locale ? { locale: command.data.locale } : {}),
              tncDate: command.data.tncAccept ? meta.now : null,
              registeredAt: meta.now,
            },
          },
        ];
      }
      case 'ValidateEmail': {
        const user = active(state);
        // The link names the address it was sent to; a link for an address since replaced is stale.
        if (normalizeEmail(command.data.email) !== user.email) {
          throw new DomainError(
            'unauthenticated',
            'USER.LINK_STALE',
            'This link is for an address that is no longer on the account.',
          );
        }
        if (user.emailValidated) return [];
        return [{ type: 'UserEmailValidated', data: { userId: user.userId, validatedAt: meta.now } }];
      }
      case 'UpdateProfile': {
        const user = active(state);
        const c = command.data.changes;
        const errors: Record<string, string> = {};
        const name = c.name === undefined ? user.name : checkName(c.name, errors);
        const email = c.email === undefined ? user.email : checkEmail(c.email, errors);
        const bio = c.bio === undefined ? user.bio : c.bio.trim();
        if (bio.length > USER_BIO_MAX) errors['bio'] = userMessages.bioTooLong;
        fail(errors);
        const publicProfile = c.publicProfile ?? user.publicProfile;
        if (name === user.name && email === user.email && bio === user.bio && publicProfile === user.publicProfile) return [];
        return [
          {
            type: 'UserProfileUpdated',
            data: {
              userId: user.userId,
              pii: { name, email, bio },
              publicProfile,
              emailChanged: email !== user.email,
              updatedAt: meta.now,
            },
          },
        ];
      }
      case 'ChangePassword': {
        const user = active(state);
        if (!command.data.passwordHash) throw DomainError.validation('USER.INVALID', { password: userMessages.passwordRequired });
        return [
          {
            type: 'UserPasswordChanged',
            data: {
              userId: user.userId,
              pii: { passwordHash: command.data.passwordHash },
              via: command.data.via,
              changedAt: meta.now,
            },
          },
        ];
      }
      case 'ChangePhoto': {
        const user = active(state);
        return [{ type: 'UserPhotoChanged', data: { userId: user.userId, photo: command.data.photo, changedAt: meta.now } }];
      }
      case 'AcceptTerms': {
        const user = active(state);
        return [{ type: 'UserTermsAccepted', data: { userId: user.userId, tncDate: meta.now } }];
      }
      case 'ClearTerms': {
        const user = active(state);
        if (user.tncDate === null) return [];
        return [{ type: 'UserTermsCleared', data: { userId: user.userId, clearedAt: meta.now } }];
      }
      case 'SetRoles': {
        const user = active(state);
        const admin = command.data.admin ?? user.admin;
        const moderator = command.data.moderator ?? user.moderator;
        if (admin === user.admin && moderator === user.moderator) return [];
        return [{ type: 'UserRolesChanged', data: { userId: user.userId, admin, moderator, changedAt: meta.now } }];
      }
      case 'LinkIdentity': {
        const user = active(state);
        // Single sign-on links on first use only; later sign-ins through the same provider change nothing.
        if (user.identities.includes(command.data.provider)) return [];
        return [
          {
            type: 'UserIdentityLinked',
            data: {
              userId: user.userId,
              provider: command.data.provider,
              pii: { subject: command.data.subject },
              linkedAt: meta.now,
            },
          },
        ];
      }
      case 'DeleteUser': {
        if (state.status === 'deleted') return [];
        const user = active(state);
        return [{ type: 'UserDeleted', data: { userId: user.userId, deletedAt: meta.now } }];
      }
    }
  },
};
