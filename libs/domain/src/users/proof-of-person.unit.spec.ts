import { fold } from '../kernel/decider.js';
import { specFor, testMetadata } from '../testing/index.js';
import type { UserCommand } from './user.commands.js';
import { userDecider } from './user.decider.js';
import type {
  UserEmailChangeUndone,
  UserEmailUndoOffered,
  UserPasswordCleared,
  UserProfileUpdated,
  UserRegistered,
} from './user.events.js';
import type { ProofOfPerson } from './proof-of-person.js';
import { userMessages } from './user.rules.js';

const sut = specFor(userDecider);
const now = '2026-05-01T10:00:00.000Z';
const meta = testMetadata({ userId: 5, now });
const minutesAgo = (n: number): string => new Date(Date.parse(now) - n * 60_000).toISOString();
const earlier = '2026-04-01T00:00:00.000Z';

const withPassword: Registered = {
  type: 'UserRegistered',
  data: {
    userId: 5,
    pii: { email: 'ada@example.org', name: 'Ada', passwordHash: 'hash-1' },
    via: 'password',
    emailValidated: true,
    tncDate: earlier,
    registeredAt: earlier,
  },
};
type Registered = UserRegistered;
const ssoOnly: Registered = {
  type: 'UserRegistered',
  data: { ...withPassword.data, pii: { ...withPassword.data.pii!, passwordHash: null }, via: 'oidc' },
};

const proof = (password: ProofOfPerson['password'], signedInAt: string | null = null): ProofOfPerson => ({
  password,
  signedInAt,
});

/** The three commands that need proof of the person, each with the proof given. */
const sensitive = (p: ProofOfPerson): [string, UserCommand][] => [
  [
    'changing the e-mail',
    { type: 'UpdateProfile', data: { userId: 5, changes: { email: 'eve@example.org' }, proof: p, undoId: 'u' } },
  ],
  ['changing the password', { type: 'ChangePassword', data: { userId: 5, passwordHash: 'hash-2', via: 'change', proof: p } }],
  ['deleting the account', { type: 'DeleteUser', data: { userId: 5, proof: p } }],
];

describe('proof of the person', () => {
  describe('for an account with a password', () => {
    it.each(sensitive(proof('absent', minutesAgo(1))))(
      'refuses %s with 403 when no password is given, however recent the sign-in',
      (_what, command) => {
        sut.given([withPassword]).when(command, meta).thenThrows({ kind: 'forbidden', code: 'USER.PROOF_PASSWORD_REQUIRED' });
      },
    );

    it.each(sensitive(proof('wrong', minutesAgo(1))))('refuses %s with 403 when the password is wrong', (_what, command) => {
      sut.given([withPassword]).when(command, meta).thenThrows({ kind: 'forbidden', code: 'USER.PROOF_PASSWORD_WRONG' });
    });

    it.each(sensitive(proof('valid')))('allows %s when the password is right, however old the sign-in', (_what, command) => {
      expect(userDecider.decide(command, fold(userDecider, [withPassword]), meta).length).toBeGreaterThan(0);
    });

    it('names the field the password came in when it is wrong', () => {
      sut
        .given([withPassword])
        .when({ type: 'ChangePassword', data: { userId: 5, passwordHash: 'hash-2', via: 'change', proof: proof('wrong') } }, meta)
        .thenThrows({ fieldErrors: { oldPassword: userMessages.passwordCheckFailed } });
    });

    it('needs no proof when only the name, bio or visibility changes', () => {
      sut
        .given([withPassword])
        .when({ type: 'UpdateProfile', data: { userId: 5, changes: { name: 'Ada K', publicProfile: true } } }, meta)
        .then([
          {
            type: 'UserProfileUpdated',
            data: {
              userId: 5,
              pii: { name: 'Ada K', email: 'ada@example.org', bio: '' },
              publicProfile: true,
              emailChanged: false,
              updatedAt: now,
            },
          },
        ]);
    });
  });

  describe('for an account without a password (single sign-on only)', () => {
    it.each(sensitive(proof('absent', minutesAgo(5))))(
      'allows %s when the sign-in is exactly 5 minutes old',
      (_what, command) => {
        expect(userDecider.decide(command, fold(userDecider, [ssoOnly]), meta).length).toBeGreaterThan(0);
      },
    );

    it.each(sensitive(proof('absent', minutesAgo(5.01))))(
      'refuses %s with 403 when the sign-in is older than 5 minutes',
      (_what, command) => {
        sut.given([ssoOnly]).when(command, meta).thenThrows({ kind: 'forbidden', code: 'USER.PROOF_RECENT_SIGN_IN_REQUIRED' });
      },
    );

    it.each(sensitive(proof('absent', null)))(
      'refuses %s with 403 when the session was not a sign-in of the person',
      (_what, command) => {
        sut.given([ssoOnly]).when(command, meta).thenThrows({ kind: 'forbidden', code: 'USER.PROOF_RECENT_SIGN_IN_REQUIRED' });
      },
    );
  });

  it('lets a site administrator delete an account without the person’s proof', () => {
    sut
      .given([withPassword])
      .when({ type: 'DeleteUser', data: { userId: 5, proof: 'administrator' } }, meta)
      .then([{ type: 'UserDeleted', data: { userId: 5, deletedAt: now } }]);
  });
});

describe('undoing an e-mail change', () => {
  const moved = (email: string, at: string): UserProfileUpdated => ({
    type: 'UserProfileUpdated',
    data: { userId: 5, pii: { name: 'Ada', email, bio: '' }, publicProfile: false, emailChanged: true, updatedAt: at },
  });
  const offered = (undoId: string, previousEmail: string, at: string, previousEmailValidated = true): UserEmailUndoOffered => ({
    type: 'UserEmailUndoOffered',
    data: {
      userId: 5,
      undoId,
      pii: { previousEmail },
      previousEmailValidated,
      expiresAt: new Date(Date.parse(at) + 7 * 86_400_000).toISOString(),
      offeredAt: at,
    },
  });
  const undone = (undoId: string, email: string, emailValidated = true): UserEmailChangeUndone => ({
    type: 'UserEmailChangeUndone',
    data: { userId: 5, undoId, pii: { email }, emailValidated, undoneAt: now },
  });
  const cleared: UserPasswordCleared = {
    type: 'UserPasswordCleared',
    data: { userId: 5, reason: 'email_change_undone', clearedAt: now },
  };
  const undo = (undoId: string): UserCommand => ({ type: 'UndoEmailChange', data: { userId: 5, undoId } });
  const day = (n: number): string => new Date(Date.parse(now) - n * 86_400_000).toISOString();
  const changed = [withPassword, moved('eve@example.org', day(2)), offered('undo-1', 'ada@example.org', day(2))];

  it('gives the old address back, validated as it was, and ends the password the change was proved with, when the link is used within 7 days', () => {
    sut
      .given(changed)
      .when(undo('undo-1'), meta)
      .then([undone('undo-1', 'ada@example.org'), cleared]);
  });

  it('shows the old address and no password on the account once undone', () => {
    expect(fold(userDecider, [...changed, undone('undo-1', 'ada@example.org'), cleared])).toMatchObject({
      email: 'ada@example.org',
      emailValidated: true,
      emailUndos: [],
      passwordHash: null,
    });
  });

  it('ends no password on an account that signs in only by single sign-on', () => {
    sut
      .given([ssoOnly, moved('eve@example.org', day(2)), offered('undo-1', 'ada@example.org', day(2))])
      .when(undo('undo-1'), meta)
      .then([undone('undo-1', 'ada@example.org')]);
  });

  it('refuses the link a second time', () => {
    sut
      .given([...changed, undone('undo-1', 'ada@example.org')])
      .when(undo('undo-1'), meta)
      .thenThrows({ kind: 'validation', code: 'USER.EMAIL_UNDO_FAILED' });
  });

  it('refuses the link once 7 days have passed', () => {
    const old = [withPassword, moved('eve@example.org', day(7)), offered('undo-1', 'ada@example.org', day(7))];
    sut.given(old).when(undo('undo-1'), meta).thenThrows({ kind: 'validation', code: 'USER.EMAIL_UNDO_FAILED' });
  });

  it('refuses a link the account never offered', () => {
    sut.given(changed).when(undo('undo-9'), meta).thenThrows({ kind: 'validation', code: 'USER.EMAIL_UNDO_FAILED' });
  });

  it('restores the first address and spends the later offers when a chain of changes is undone from its start', () => {
    const chain = [...changed, moved('mallory@example.org', day(1)), offered('undo-2', 'eve@example.org', day(1), false)];
    sut
      .given(chain)
      .when(undo('undo-1'), meta)
      .then([undone('undo-1', 'ada@example.org'), cleared]);
    sut
      .given([...chain, undone('undo-1', 'ada@example.org'), cleared])
      .when(undo('undo-2'), meta)
      .thenThrows({ code: 'USER.EMAIL_UNDO_FAILED' });
  });

  it('keeps no offer when the old address was erased', () => {
    const erased = { ...offered('undo-1', 'x', day(1)), data: { ...offered('undo-1', 'x', day(1)).data, pii: null } };
    expect(fold(userDecider, [withPassword, erased])).toMatchObject({ emailUndos: [] });
  });
});
