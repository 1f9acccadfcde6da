import { fold } from '../kernel/decider.js';
import { specFor, testMetadata } from '../testing/index.js';
import type { RegisterUser, UserCommand } from './user.commands.js';
import { userDecider } from './user.decider.js';
import type { UserDeleted, UserEmailValidated, UserEvent, UserProfileUpdated, UserRegistered } from './user.events.js';
import type { ProofOfPerson } from './proof-of-person.js';
import { USER_BIO_MAX, USER_NAME_MAX, userMessages } from './user.rules.js';

const sut = specFor(userDecider);
const meta = testMetadata({ userId: 5, now: '2026-05-01T10:00:00.000Z' });
const earlier = '2026-04-01T00:00:00.000Z';

const registered: UserRegistered = {
  type: 'UserRegistered',
  data: {
    userId: 5,
    pii: { email: 'ada@example.org', name: 'Ada Lovelace', passwordHash: 'hash-1' },
    via: 'password',
    emailValidated: false,
    tncDate: earlier,
    registeredAt: earlier,
  },
};
const registeredViaSso: UserRegistered = {
  type: 'UserRegistered',
  data: {
    ...registered.data,
    pii: { ...registered.data.pii!, passwordHash: null },
    via: 'oidc',
    emailValidated: true,
    tncDate: null,
  },
};
const validated: UserEmailValidated = { type: 'UserEmailValidated', data: { userId: 5, validatedAt: earlier } };
const deleted: UserDeleted = { type: 'UserDeleted', data: { userId: 5, deletedAt: earlier } };
const movedTo = (email: string): UserProfileUpdated => ({
  type: 'UserProfileUpdated',
  data: {
    userId: 5,
    pii: { name: 'Ada Lovelace', email, bio: '' },
    publicProfile: false,
    emailChanged: true,
    updatedAt: earlier,
  },
});

const register = (data: Partial<RegisterUser['data']> = {}): RegisterUser => ({
  type: 'RegisterUser',
  data: {
    userId: 5,
    name: 'Ada Lovelace',
    email: 'ada@example.org',
    passwordHash: 'hash-1',
    tncAccept: true,
    via: 'password',
    emailValidated: false,
    ...data,
  },
});

/** The caller gave the right current password. */
const withPassword: ProofOfPerson = { password: 'valid', signedInAt: null };

/** Every command but RegisterUser and DeleteUser: each needs an account that exists and is not deleted. */
const commandsOnAnAccount: readonly UserCommand[] = [
  { type: 'ValidateEmail', data: { userId: 5, email: 'ada@example.org' } },
  { type: 'UpdateProfile', data: { userId: 5, changes: { bio: 'Mathematician' } } },
  { type: 'ChangePassword', data: { userId: 5, passwordHash: 'hash-2', via: 'change', proof: withPassword } },
  { type: 'ChangePhoto', data: { userId: 5, photo: 'users/5/photo.jpg' } },
  { type: 'AcceptTerms', data: { userId: 5 } },
  { type: 'ClearTerms', data: { userId: 5 } },
  { type: 'SetRoles', data: { userId: 5, admin: true } },
  { type: 'LinkIdentity', data: { userId: 5, provider: 'keycloak', subject: 'sub-1' } },
];

describe('user decider', () => {
  describe('RegisterUser', () => {
    it('registers a trimmed name and a lower-cased e-mail, dating the terms now, when a password sign-up is complete', () => {
      sut
        .given([])
        .when(register({ name: '  Ada Lovelace ', email: ' Ada@Example.ORG ' }), meta)
        .then([{ ...registered, data: { ...registered.data, tncDate: meta.now, registeredAt: meta.now } }]);
    });

    it('lists a field error for each missing field when a password sign-up is empty', () => {
      sut
        .given([])
        .when(register({ name: '   ', email: ' ', passwordHash: null, tncAccept: false }), meta)
        .thenThrows({
          kind: 'validation',
          code: 'USER.INVALID',
          fieldErrors: {
            name: userMessages.nameRequired,
            email: userMessages.emailRequired,
            tncAccept: userMessages.tncRequired,
            password: userMessages.passwordRequired,
          },
        });
    });

    it('accepts a name of exactly the limit when it is surrounded by spaces', () => {
      const name = 'n'.repeat(USER_NAME_MAX);
      sut
        .given([])
        .when(register({ name: ` ${name} ` }), meta)
        .then([
          {
            ...registered,
            data: { ...registered.data, pii: { ...registered.data.pii!, name }, tncDate: meta.now, registeredAt: meta.now },
          },
        ]);
    });

    it('refuses the name when it is over the limit', () => {
      sut
        .given([])
        .when(register({ name: 'n'.repeat(USER_NAME_MAX + 1) }), meta)
        .thenThrows({ kind: 'validation', code: 'USER.INVALID', fieldErrors: { name: userMessages.nameTooLong } });
    });

    it.each([
      { why: 'without an @', email: 'ada' },
      { why: 'without a dot in the domain', email: 'ada@example' },
      { why: 'without a local part', email: '@example.org' },
      { why: 'without a domain', email: 'ada@' },
      { why: 'with a space inside', email: 'ada lovelace@example.org' },
      { why: 'with two @', email: 'ada@@example.org' },
      { why: 'over 254 characters', email: `${'a'.repeat(249)}@x.org` },
    ])('refuses the e-mail when it is $why', ({ email }) => {
      sut
        .given([])
        .when(register({ email }), meta)
        .thenThrows({ kind: 'validation', code: 'USER.INVALID', fieldErrors: { email: userMessages.emailValid } });
    });

    it('refuses a password sign-up when the terms are not accepted', () => {
      sut
        .given([])
        .when(register({ tncAccept: false }), meta)
        .thenThrows({ kind: 'validation', code: 'USER.INVALID', fieldErrors: { tncAccept: userMessages.tncRequired } });
    });

    it('refuses a password sign-up when the password hash is missing', () => {
      sut
        .given([])
        .when(register({ passwordHash: null }), meta)
        .thenThrows({ kind: 'validation', code: 'USER.INVALID', fieldErrors: { password: userMessages.passwordRequired } });
    });

    it('registers without password or terms, trusting the provider for the address, when the sign-up is single sign-on', () => {
      sut
        .given([])
        .when(register({ via: 'oidc', passwordHash: null, tncAccept: false, emailValidated: true }), meta)
        .then([{ ...registeredViaSso, data: { ...registeredViaSso.data, registeredAt: meta.now } }]);
    });

    it('refuses to register when the account already exists', () => {
      sut.given([registered]).when(register(), meta).thenThrows({ kind: 'conflict', code: 'USER.ALREADY_EXISTS' });
    });
  });

  describe('ValidateEmail', () => {
    it('validates the address when the link names it, whatever its spelling', () => {
      sut
        .given([registered])
        .when({ type: 'ValidateEmail', data: { userId: 5, email: ' ADA@example.org' } }, meta)
        .then([{ type: 'UserEmailValidated', data: { userId: 5, validatedAt: meta.now } }]);
    });

    it('refuses a stale link when it names another address', () => {
      sut
        .given([registered])
        .when({ type: 'ValidateEmail', data: { userId: 5, email: 'someone@example.org' } }, meta)
        .thenThrows({ kind: 'unauthenticated', code: 'USER.LINK_STALE' });
    });

    it('refuses a stale link when it names the address the account had before a change', () => {
      sut
        .given([registered, validated, movedTo('ada@lovelace.dev')])
        .when({ type: 'ValidateEmail', data: { userId: 5, email: 'ada@example.org' } }, meta)
        .thenThrows({ kind: 'unauthenticated', code: 'USER.LINK_STALE' });
    });

    it('decides nothing when the address is already validated', () => {
      sut
        .given([registered, validated])
        .when({ type: 'ValidateEmail', data: { userId: 5, email: 'ada@example.org' } }, meta)
        .then([]);
    });
  });

  describe('UpdateProfile', () => {
    it('records the whole profile after the change, trimmed, when the name, bio and visibility change', () => {
      sut
        .given([registered, validated])
        .when(
          {
            type: 'UpdateProfile',
            data: { userId: 5, changes: { name: ' Ada King ', bio: ' Mathematician ', publicProfile: true } },
          },
          meta,
        )
        .then([
          {
            type: 'UserProfileUpdated',
            data: {
              userId: 5,
              pii: { name: 'Ada King', email: 'ada@example.org', bio: 'Mathematician' },
              publicProfile: true,
              emailChanged: false,
              updatedAt: meta.now,
            },
          },
        ]);
    });

    it('decides nothing when every field given equals the current one after trimming and lower-casing', () => {
      sut
        .given([registered])
        .when(
          {
            type: 'UpdateProfile',
            data: { userId: 5, changes: { name: ' Ada Lovelace', email: 'ADA@example.org ', bio: '  ', publicProfile: false } },
          },
          meta,
        )
        .then([]);
    });

    it('decides nothing when no field is given', () => {
      sut
        .given([registered])
        .when({ type: 'UpdateProfile', data: { userId: 5, changes: {} } }, meta)
        .then([]);
    });

    it('marks the e-mail as changed, normalised, and offers the old address an undo, when the address changes with proof', () => {
      sut
        .given([registered, validated])
        .when(
          {
            type: 'UpdateProfile',
            data: { userId: 5, changes: { email: ' Ada@Lovelace.dev ' }, proof: withPassword, undoId: 'undo-1' },
          },
          meta,
        )
        .then([
          { ...movedTo('ada@lovelace.dev'), data: { ...movedTo('ada@lovelace.dev').data, updatedAt: meta.now } },
          {
            type: 'UserEmailUndoOffered',
            data: {
              userId: 5,
              undoId: 'undo-1',
              pii: { previousEmail: 'ada@example.org' },
              previousEmailValidated: true,
              expiresAt: '2026-05-08T10:00:00.000Z',
              offeredAt: meta.now,
            },
          },
        ]);
    });

    it('asks for the new address to be validated again when the address has changed', () => {
      const state = fold(userDecider, [registered, validated, movedTo('ada@lovelace.dev')]);

      expect(state).toMatchObject({ status: 'active', email: 'ada@lovelace.dev', emailValidated: false });
      sut
        .given([registered, validated, movedTo('ada@lovelace.dev')])
        .when({ type: 'ValidateEmail', data: { userId: 5, email: 'ada@lovelace.dev' } }, meta)
        .then([{ type: 'UserEmailValidated', data: { userId: 5, validatedAt: meta.now } }]);
    });

    it('keeps the validation when a profile change leaves the address alone', () => {
      const nameOnly: UserProfileUpdated = {
        type: 'UserProfileUpdated',
        data: {
          ...movedTo('ada@example.org').data,
          pii: { name: 'Ada King', email: 'ada@example.org', bio: '' },
          emailChanged: false,
        },
      };

      expect(fold(userDecider, [registered, validated, nameOnly])).toMatchObject({ name: 'Ada King', emailValidated: true });
    });

    it('accepts a bio of exactly the limit when it is surrounded by spaces', () => {
      const bio = 'b'.repeat(USER_BIO_MAX);
      sut
        .given([registered])
        .when({ type: 'UpdateProfile', data: { userId: 5, changes: { bio: `  ${bio}\n` } } }, meta)
        .then([
          {
            type: 'UserProfileUpdated',
            data: {
              userId: 5,
              pii: { name: 'Ada Lovelace', email: 'ada@example.org', bio },
              publicProfile: false,
              emailChanged: false,
              updatedAt: meta.now,
            },
          },
        ]);
    });

    it('lists a field error for each bad field when the name is empty, the e-mail invalid and the bio too long', () => {
      sut
        .given([registered])
        .when(
          {
            type: 'UpdateProfile',
            data: { userId: 5, changes: { name: ' ', email: 'ada@', bio: 'b'.repeat(USER_BIO_MAX + 1) } },
          },
          meta,
        )
        .thenThrows({
          kind: 'validation',
          code: 'USER.INVALID',
          fieldErrors: { name: userMessages.nameRequired, email: userMessages.emailValid, bio: userMessages.bioTooLong },
        });
    });

    it('refuses an empty e-mail when the address is cleared', () => {
      sut
        .given([registered])
        .when({ type: 'UpdateProfile', data: { userId: 5, changes: { email: '  ' } } }, meta)
        .thenThrows({ kind: 'validation', fieldErrors: { email: userMessages.emailRequired } });
    });
  });

  describe('ChangePassword', () => {
    it('refuses an empty hash', () => {
      sut
        .given([registered])
        .when({ type: 'ChangePassword', data: { userId: 5, passwordHash: '', via: 'change', proof: withPassword } }, meta)
        .thenThrows({ kind: 'validation', code: 'USER.INVALID' });
    });

    it.each([
      ['change', { userId: 5, passwordHash: 'hash-2', via: 'change', proof: withPassword }],
      ['reset', { userId: 5, passwordHash: 'hash-2', via: 'reset' }],
    ] as const)('records the new hash when the password is changed by %s', (via, data) => {
      sut
        .given([registered])
        .when({ type: 'ChangePassword', data }, meta)
        .then([{ type: 'UserPasswordChanged', data: { userId: 5, pii: { passwordHash: 'hash-2' }, via, changedAt: meta.now } }]);
    });

    it('gives a single sign-on account a password when it sets one', () => {
      const state = fold(userDecider, [
        registeredViaSso,
        { type: 'UserPasswordChanged', data: { userId: 5, pii: { passwordHash: 'hash-2' }, via: 'reset', changedAt: earlier } },
      ]);

      expect(state).toMatchObject({ passwordHash: 'hash-2' });
    });
  });

  describe('ChangePhoto', () => {
    it('records the photo when one is uploaded', () => {
      sut
        .given([registered])
        .when({ type: 'ChangePhoto', data: { userId: 5, photo: 'users/5/photo.jpg' } }, meta)
        .then([{ type: 'UserPhotoChanged', data: { userId: 5, photo: 'users/5/photo.jpg', changedAt: meta.now } }]);
    });
  });

  describe('AcceptTerms and ClearTerms', () => {
    it('dates the terms now when they are accepted, even if accepted before', () => {
      sut
        .given([registered])
        .when({ type: 'AcceptTerms', data: { userId: 5 } }, meta)
        .then([{ type: 'UserTermsAccepted', data: { userId: 5, tncDate: meta.now } }]);
    });

    it('clears the terms when they were accepted', () => {
      sut
        .given([registered])
        .when({ type: 'ClearTerms', data: { userId: 5 } }, meta)
        .then([{ type: 'UserTermsCleared', data: { userId: 5, clearedAt: meta.now } }]);
    });

    it('decides nothing when the terms are already clear', () => {
      sut
        .given([registered, { type: 'UserTermsCleared', data: { userId: 5, clearedAt: earlier } }])
        .when({ type: 'ClearTerms', data: { userId: 5 } }, meta)
        .then([]);
    });

    it('decides nothing when the terms were never accepted', () => {
      sut
        .given([registeredViaSso])
        .when({ type: 'ClearTerms', data: { userId: 5 } }, meta)
        .then([]);
    });

    it('folds the terms date in and out when they are accepted and cleared', () => {
      const accepted: UserEvent = { type: 'UserTermsAccepted', data: { userId: 5, tncDate: meta.now } };
      const cleared: UserEvent = { type: 'UserTermsCleared', data: { userId: 5, clearedAt: meta.now } };

      expect(fold(userDecider, [registeredViaSso, accepted])).toMatchObject({ tncDate: meta.now });
      expect(fold(userDecider, [registeredViaSso, accepted, cleared])).toMatchObject({ tncDate: null });
    });
  });

  describe('SetRoles', () => {
    it('keeps the role not named when one role is granted', () => {
      sut
        .given([registered])
        .when({ type: 'SetRoles', data: { userId: 5, moderator: true } }, meta)
        .then([{ type: 'UserRolesChanged', data: { userId: 5, admin: false, moderator: true, changedAt: meta.now } }]);
    });

    it('revokes a role when it is set to false', () => {
      sut
        .given([registered, { type: 'UserRolesChanged', data: { userId: 5, admin: true, moderator: true, changedAt: earlier } }])
        .when({ type: 'SetRoles', data: { userId: 5, admin: false } }, meta)
        .then([{ type: 'UserRolesChanged', data: { userId: 5, admin: false, moderator: true, changedAt: meta.now } }]);
    });

    it.each([{ admin: false, moderator: false }, { admin: false }, {}])(
      'decides nothing when the roles stay as they are (%o)',
      (roles) => {
        sut
          .given([registered])
          .when({ type: 'SetRoles', data: { userId: 5, ...roles } }, meta)
          .then([]);
      },
    );
  });

  describe('LinkIdentity', () => {
    it('records the provider and, as personal data, the subject when an identity is linked', () => {
      sut
        .given([registered])
        .when({ type: 'LinkIdentity', data: { userId: 5, provider: 'keycloak', subject: 'sub-1' } }, meta)
        .then([
          {
            type: 'UserIdentityLinked',
            data: { userId: 5, provider: 'keycloak', pii: { subject: 'sub-1' }, linkedAt: meta.now },
          },
        ]);
    });

    it('does nothing when the same provider is linked again (single sign-on links on first use only)', () => {
      sut
        .given([
          registered,
          { type: 'UserIdentityLinked', data: { userId: 5, provider: 'keycloak', pii: { subject: 'sub-1' }, linkedAt: earlier } },
        ])
        .when({ type: 'LinkIdentity', data: { userId: 5, provider: 'keycloak', subject: 'sub-1' } }, meta)
        .then([]);
    });

    it('lists the provider on the account when the link is folded', () => {
      const state = fold(userDecider, [
        registered,
        { type: 'UserIdentityLinked', data: { userId: 5, provider: 'keycloak', pii: { subject: 'sub-1' }, linkedAt: earlier } },
      ]);

      expect(state).toMatchObject({ identities: ['keycloak'] });
    });
  });

  describe('DeleteUser', () => {
    it('deletes the account when it is active and the person proved it with their password', () => {
      sut
        .given([registered])
        .when({ type: 'DeleteUser', data: { userId: 5, proof: withPassword } }, meta)
        .then([{ type: 'UserDeleted', data: { userId: 5, deletedAt: meta.now } }]);
    });

    it('decides nothing when the account is already deleted', () => {
      sut
        .given([registered, deleted])
        .when({ type: 'DeleteUser', data: { userId: 5, proof: 'administrator' } }, meta)
        .then([]);
    });

    it('refuses to delete an account when it never existed', () => {
      sut
        .given([])
        .when({ type: 'DeleteUser', data: { userId: 5, proof: 'administrator' } }, meta)
        .thenThrows({ kind: 'not_found', code: 'USER.NOT_FOUND' });
    });

    it.each(commandsOnAnAccount.map((command) => [command.type, command] as const))(
      'refuses %s when the account is deleted',
      (_type, command) => {
        sut.given([registered, deleted]).when(command, meta).thenThrows({ kind: 'not_found', code: 'USER.DELETED' });
      },
    );

    it.each(commandsOnAnAccount.map((command) => [command.type, command] as const))(
      'refuses %s when the account never existed',
      (_type, command) => {
        sut.given([]).when(command, meta).thenThrows({ kind: 'not_found', code: 'USER.NOT_FOUND' });
      },
    );

    it('refuses to register the id again, as a conflict, when the account is deleted', () => {
      sut.given([registered, deleted]).when(register(), meta).thenThrows({ kind: 'conflict', code: 'USER.ALREADY_EXISTS' });
    });
  });

  describe('evolve', () => {
    it('folds to an active account with empty e-mail and name when the registration was erased (pii: null)', () => {
      const erased: UserRegistered = { ...registered, data: { ...registered.data, pii: null } };

      const state = fold(userDecider, [erased]);

      expect(state).toEqual({
        status: 'active',
        userId: 5,
        email: '',
        name: '',
        bio: '',
        passwordHash: null,
        emailValidated: false,
        publicProfile: false,
        tncDate: earlier,
        admin: false,
        moderator: false,
        photo: null,
        identities: [],
        emailUndos: [],
      });
    });

    it('keeps what it knows when later personal data was erased too', () => {
      const erasedHistory: UserEvent[] = [
        { ...registered, data: { ...registered.data, pii: null } },
        { ...movedTo('x@example.org'), data: { ...movedTo('x@example.org').data, pii: null, publicProfile: true } },
        { type: 'UserPasswordChanged', data: { userId: 5, pii: null, via: 'change', changedAt: earlier } },
        { type: 'UserIdentityLinked', data: { userId: 5, provider: 'keycloak', pii: null, linkedAt: earlier } },
      ];

      expect(fold(userDecider, erasedHistory)).toMatchObject({
        status: 'active',
        email: '',
        name: '',
        passwordHash: null,
        publicProfile: true,
        identities: ['keycloak'],
      });
    });

    it('still lets an erased account be deleted when it is folded from erased events', () => {
      sut
        .given([{ ...registered, data: { ...registered.data, pii: null } }])
        .when({ type: 'DeleteUser', data: { userId: 5, proof: 'administrator' } }, meta)
        .then([{ type: 'UserDeleted', data: { userId: 5, deletedAt: meta.now } }]);
    });

    it('ignores events for a later state when the account does not exist yet', () => {
      expect(fold(userDecider, [validated, { type: 'UserTermsCleared', data: { userId: 5, clearedAt: earlier } }])).toEqual({
        status: 'absent',
      });
    });
  });
});
