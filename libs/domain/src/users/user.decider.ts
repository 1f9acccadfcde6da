import { DomainError } from '../kernel/domain-error.js';
import type { Decider } from '../kernel/decider.js';
import type { UserCommand } from './user.commands.js';
import type { UserEvent } from './user.events.js';
import { checkProofOfPerson, EMAIL_UNDO_DAYS, type ProofOfPerson } from './proof-of-person.js';
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
  /** Undo links mailed to earlier addresses and not used yet, oldest first. */
  readonly emailUndos: readonly EmailUndo[];
};

export type EmailUndo = {
  readonly undoId: string;
  readonly previousEmail: string;
  readonly previousEmailValidated: boolean;
  readonly expiresAt: string;
};

const noProof: ProofOfPerson = { password: 'absent', signedInAt: null };
const DAY_MS = 86_400_000;

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
          emailUndos: [],
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
      case 'UserPasswordCleared':
        return { ...state, passwordHash: null };
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
      case 'UserEmailUndoOffered': {
        const d = event.data;
        // Erased personal data leaves nothing to restore, so no offer.
        if (!d.pii) return state;
        const undo = {
          undoId: d.undoId,
          previousEmail: d.pii.previousEmail,
          previousEmailValidated: d.previousEmailValidated,
          expiresAt: d.expiresAt,
        };
        return { ...state, emailUndos: [...state.emailUndos, undo] };
      }
      case 'UserEmailChangeUndone': {
        // Offers made after the one used were changes away from addresses the undo has now replaced.
        const used = state.emailUndos.findIndex((u) => u.undoId === event.data.undoId);
        return {
          ...state,
          ...(event.data.pii ? { email: event.data.pii.email } : {}),
          emailValidated: event.data.emailValidated,
          emailUndos: used < 0 ? state.emailUndos : state.emailUndos.slice(0, used),
        };
      }
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
        const emailChanged = email !== user.email;
        if (emailChanged) checkProofOfPerson(user, command.data.proof ?? noProof, meta.now);
        const updated: UserEvent = {
          type: 'UserProfileUpdated',
          data: { userId: user.userId, pii: { name, email, bio }, publicProfile, emailChanged, updatedAt: meta.now },
        };
        if (!emailChanged) return [updated];
        const { undoId } = command.data;
        if (!undoId) throw new Error('UpdateProfile changing the e-mail needs the undoId of the link mailed to the old address');
        return [
          updated,
          {
            type: 'UserEmailUndoOffered',
            data: {
              userId: user.userId,
              undoId,
              pii: { previousEmail: user.email },
              previousEmailValidated: user.emailValidated,
              expiresAt: new Date(Date.parse(meta.now) + EMAIL_UNDO_DAYS * DAY_MS).toISOString(),
              offeredAt: meta.now,
            },
          },
        ];
      }
      case 'ChangePassword': {
        const user = active(state);
        if (command.data.via === 'change') checkProofOfPerson(user, command.data.proof, meta.now, 'oldPassword');
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
      case 'UndoEmailChange': {
        const user = active(state);
        const undo = user.emailUndos.find((u) => u.undoId === command.data.undoId);
        // Used, superseded by an earlier undo, or never made: the link is spent either way.
        if (!undo || Date.parse(undo.expiresAt) <= Date.parse(meta.now)) {
          throw DomainError.validation('USER.EMAIL_UNDO_FAILED', {}, userMessages.emailUndoFailed);
        }
        return [
          {
            type: 'UserEmailChangeUndone',
            data: {
              userId: user.userId,
              undoId: undo.undoId,
              pii: { email: undo.previousEmail },
              emailValidated: undo.previousEmailValidated,
              undoneAt: meta.now,
            },
          },
          // The change was proved with the password (or made by whoever held the account since), so
          // whoever made it knows it: it ends too, and the person chooses a new one through recovery.
          ...(user.passwordHash === null
            ? []
            : [
                {
                  type: 'UserPasswordCleared' as const,
                  data: { userId: user.userId, reason: 'email_change_undone' as const, clearedAt: meta.now },
                },
              ]),
        ];
      }
      case 'DeleteUser': {
        if (state.status === 'deleted') return [];
        const user = active(state);
        const { proof } = command.data;
        if (proof !== 'administrator') checkProofOfPerson(user, proof, meta.now, 'password');
        return [{ type: 'UserDeleted', data: { userId: user.userId, deletedAt: meta.now } }];
      }
    }
  },
};
