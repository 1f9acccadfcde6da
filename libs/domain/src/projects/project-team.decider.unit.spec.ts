import { specFor, testMetadata } from '../testing/index.js';
import type { ProjectEvent, ProjectMemberInvited } from './project.events.js';
import { projectDecider } from './project.decider.js';
import { projectCreated } from './project.test-fixtures.js';

const sut = specFor(projectDecider);
/** User 7 created the project and administers it. */
const meta = testMetadata({ userId: 7, now: '2026-05-01T10:00:00.000Z' });

const created = projectCreated({ privacy: 0 });

const invited = (inviteId: number, email: string, role: 'member' | 'administrator' = 'member'): ProjectMemberInvited => ({
  type: 'ProjectMemberInvited',
  data: {
    projectId: 12,
    inviteId,
    role,
    tokenHash: `hash-${inviteId}`,
    invitedBy: 7,
    piiSubject: `project-invite-${inviteId}`,
    pii: { email },
    invitedAt: '2026-04-02T00:00:00.000Z',
  },
});
const accepted = (inviteId: number, userId: number, role: 'member' | 'administrator' = 'member'): ProjectEvent => ({
  type: 'ProjectInviteAccepted',
  data: { projectId: 12, inviteId, userId, role, acceptedAt: '2026-04-03T00:00:00.000Z' },
});
/** User 8 (bea@example.org) is a member; cy@example.org is invited, not yet answered. */
const team: ProjectEvent[] = [
  created,
  invited(1, 'bea@example.org'),
  accepted(1, 8),
  invited(2, 'cy@example.org', 'administrator'),
];

describe('project decider: invitations', () => {
  it('invites an address (normalised) with a role, its e-mail sealed under the invitation', () => {
    sut
      .given([created])
      .when(
        {
          type: 'InviteProjectMember',
          data: {
            projectId: 12,
            inviteId: 5,
            email: ' Dee@Example.org ',
            role: 'administrator',
            tokenHash: 'h5',
            inviteeUserId: null,
          },
        },
        meta,
      )
      .then([
        {
          type: 'ProjectMemberInvited',
          data: {
            projectId: 12,
            inviteId: 5,
            role: 'administrator',
            tokenHash: 'h5',
            invitedBy: 7,
            piiSubject: 'project-invite-5',
            pii: { email: 'dee@example.org' },
            invitedAt: meta.now,
          },
        },
      ]);
  });

  it.each([
    ['an address with a pending invitation', 'CY@example.org', null],
    ['the address of a member', 'bea@example.org', 8],
    ['the creator', 'me@example.org', 7],
  ])('refuses to invite %s: "This user is already invited."', (_case, email, inviteeUserId) => {
    sut
      .given(team)
      .when(
        {
          type: 'InviteProjectMember',
          data: { projectId: 12, inviteId: 6, email, role: 'member', tokenHash: 'h', inviteeUserId },
        },
        meta,
      )
      .thenThrows({
        kind: 'validation',
        code: 'PROJECT.ALREADY_INVITED',
        message: 'This user is already invited.',
        fieldErrors: { email: 'This user is already invited.' },
      } as never);
  });

  it('invites an address again once its earlier invitation was declined', () => {
    const declined: ProjectEvent = {
      type: 'ProjectInviteDeclined',
      data: { projectId: 12, inviteId: 2, userId: null, declinedAt: meta.now },
    };
    sut
      .given([...team, declined])
      .when(
        {
          type: 'InviteProjectMember',
          data: { projectId: 12, inviteId: 6, email: 'cy@example.org', role: 'member', tokenHash: 'h', inviteeUserId: null },
        },
        meta,
      )
      .then([expect.objectContaining({ type: 'ProjectMemberInvited' }) as ProjectEvent]);
  });

  it.each([
    ['', 'Email is required.'],
    ['not-an-address', 'Email is not valid.'],
  ])('refuses the address "%s" with a field error', (email) => {
    sut
      .given([created])
      .when(
        {
          type: 'InviteProjectMember',
          data: { projectId: 12, inviteId: 6, email, role: 'member', tokenHash: 'h', inviteeUserId: null },
        },
        meta,
      )
      .thenThrows({ kind: 'validation', fieldErrors: { email: expect.any(String) } });
  });
});

describe('project decider: answering an invitation', () => {
  it('accepts with the token: the one signed in joins with the invited role', () => {
    sut
      .given(team)
      .when(
        { type: 'AcceptProjectInvite', data: { projectId: 12, inviteId: 2, userId: 30, proof: { tokenHash: 'hash-2' } } },
        meta,
      )
      .then([
        {
          type: 'ProjectInviteAccepted',
          data: { projectId: 12, inviteId: 2, userId: 30, role: 'administrator', acceptedAt: meta.now },
        },
      ]);
  });

  it('accepts from the pending list with the validated address the invitation went to', () => {
    sut
      .given(team)
      .when(
        { type: 'AcceptProjectInvite', data: { projectId: 12, inviteId: 2, userId: 30, proof: { email: 'Cy@example.org' } } },
        meta,
      )
      .then([expect.objectContaining({ type: 'ProjectInviteAccepted' }) as ProjectEvent]);
  });

  it('keeps the role of someone already in the team', () => {
    sut
      .given([...team, invited(3, 'other@example.org', 'administrator')])
      .when(
        { type: 'AcceptProjectInvite', data: { projectId: 12, inviteId: 3, userId: 8, proof: { tokenHash: 'hash-3' } } },
        meta,
      )
      .then([
        { type: 'ProjectInviteAccepted', data: { projectId: 12, inviteId: 3, userId: 8, role: 'member', acceptedAt: meta.now } },
      ]);
  });

  it.each([
    ['a wrong token', { tokenHash: 'hash-1' }, 2],
    ['another address', { email: 'bea@example.org' }, 2],
    ['an invitation already accepted', { tokenHash: 'hash-1' }, 1],
    ['an unknown invitation', { tokenHash: 'hash-2' }, 99],
  ] as const)('answers 404 for %s', (_case, proof, inviteId) => {
    sut
      .given(team)
      .when({ type: 'AcceptProjectInvite', data: { projectId: 12, inviteId, userId: 30, proof } }, meta)
      .thenThrows({ kind: 'not_found', code: 'PROJECT.INVITE_NOT_FOUND' });
  });

  it('declines with the token; the token stops working afterwards', () => {
    const declined: ProjectEvent = {
      type: 'ProjectInviteDeclined',
      data: { projectId: 12, inviteId: 2, userId: 30, declinedAt: meta.now },
    };
    sut
      .given(team)
      .when(
        { type: 'DeclineProjectInvite', data: { projectId: 12, inviteId: 2, userId: 30, proof: { tokenHash: 'hash-2' } } },
        meta,
      )
      .then([declined]);
    sut
      .given([...team, declined])
      .when(
        { type: 'AcceptProjectInvite', data: { projectId: 12, inviteId: 2, userId: 30, proof: { tokenHash: 'hash-2' } } },
        meta,
      )
      .thenThrows({ kind: 'not_found' });
  });

  it('cannot open an invitation whose address was erased', () => {
    const erased = invited(4, 'x@example.org');
    sut
      .given([created, { ...erased, data: { ...erased.data, pii: null } }])
      .when(
        { type: 'AcceptProjectInvite', data: { projectId: 12, inviteId: 4, userId: 30, proof: { email: 'x@example.org' } } },
        meta,
      )
      .thenThrows({ kind: 'not_found' });
  });
});

describe('project decider: roles and removal', () => {
  it('changes a member to administrator and back', () => {
    const promoted: ProjectEvent = {
      type: 'ProjectMemberRoleChanged',
      data: { projectId: 12, userId: 8, role: 'administrator', changedBy: 7, changedAt: meta.now },
    };
    sut
      .given(team)
      .when(
        { type: 'ChangeProjectMemberRole', data: { projectId: 12, email: 'bea@example.org', userId: 8, role: 'administrator' } },
        meta,
      )
      .then([promoted]);
    sut
      .given([...team, promoted])
      .when(
        { type: 'ChangeProjectMemberRole', data: { projectId: 12, email: 'bea@example.org', userId: 8, role: 'member' } },
        meta,
      )
      .then([{ ...promoted, data: { ...promoted.data, role: 'member' } } as ProjectEvent]);
  });

  it('decides nothing when the role is the same', () => {
    sut
      .given(team)
      .when(
        { type: 'ChangeProjectMemberRole', data: { projectId: 12, email: 'bea@example.org', userId: 8, role: 'member' } },
        meta,
      )
      .then([]);
  });

  it.each([
    ['their own role', 'me@example.org', 7, 'PROJECT.OWN_ROLE'],
    ['a pending member', 'cy@example.org', null, 'PROJECT.PENDING_MEMBER'],
    ['someone outside the team', 'zed@example.org', 44, 'PROJECT.NOT_A_MEMBER'],
    ['an address with no account', 'nobody@example.org', null, 'PROJECT.NOT_A_MEMBER'],
  ])('refuses to change %s', (_case, email, userId, code) => {
    sut
      .given(team)
      .when({ type: 'ChangeProjectMemberRole', data: { projectId: 12, email, userId, role: 'administrator' } }, meta)
      .thenThrows({ kind: 'validation', code, fieldErrors: { email: expect.any(String) } });
  });

  it('never demotes the last administrator (a site admin outside the team asking)', () => {
    sut
      .given(team)
      .when(
        { type: 'ChangeProjectMemberRole', data: { projectId: 12, email: 'me@example.org', userId: 7, role: 'member' } },
        testMetadata({ userId: 100 }),
      )
      .thenThrows({ kind: 'validation', code: 'PROJECT.LAST_ADMINISTRATOR' });
  });

  it('removes a member', () => {
    sut
      .given(team)
      .when({ type: 'RemoveProjectMember', data: { projectId: 12, email: 'bea@example.org', userId: 8 } }, meta)
      .then([{ type: 'ProjectMemberRemoved', data: { projectId: 12, userId: 8, removedBy: 7, removedAt: meta.now } }]);
  });

  it('withdraws a pending invitation named by its address', () => {
    sut
      .given(team)
      .when({ type: 'RemoveProjectMember', data: { projectId: 12, email: 'CY@example.org', userId: null } }, meta)
      .then([{ type: 'ProjectInviteCancelled', data: { projectId: 12, inviteId: 2, cancelledBy: 7, cancelledAt: meta.now } }]);
  });

  it.each([
    ['oneself', 'me@example.org', 7, meta, 'PROJECT.REMOVE_SELF'],
    ['a stranger', 'zed@example.org', 44, meta, 'PROJECT.NOT_A_MEMBER'],
    ['the last administrator', 'me@example.org', 7, testMetadata({ userId: 100 }), 'PROJECT.LAST_ADMINISTRATOR'],
  ])('refuses to remove %s', (_case, email, userId, asker, code) => {
    sut
      .given(team)
      .when({ type: 'RemoveProjectMember', data: { projectId: 12, email, userId } }, asker)
      .thenThrows({ kind: 'validation', code });
  });

  it('lets an administrator go once another administrator exists', () => {
    const promoted: ProjectEvent = {
      type: 'ProjectMemberRoleChanged',
      data: { projectId: 12, userId: 8, role: 'administrator', changedBy: 7, changedAt: meta.now },
    };
    sut
      .given([...team, promoted])
      .when(
        { type: 'RemoveProjectMember', data: { projectId: 12, email: 'me@example.org', userId: 7 } },
        testMetadata({ userId: 8 }),
      )
      .then([expect.objectContaining({ type: 'ProjectMemberRemoved' }) as ProjectEvent]);
  });
});
