import { DomainError } from '../kernel/domain-error.js';
import { userMessages } from '../users/user.rules.js';
import type {
  AccountResource,
  Action,
  Actor,
  AuthoredResource,
  DataEventResource,
  NoResource,
  PersonResource,
  ProjectResource,
  ProjectRole,
  ResourceOf,
  StationResource,
  Verdict,
} from './policy.js';
import { anonymous, authorize, can, decide, rules } from './policy.js';

const alice: Actor = { kind: 'user', userId: 2, admin: false, moderator: false };
const moderator: Actor = { kind: 'user', userId: 3, admin: false, moderator: true };
const siteAdmin: Actor = { kind: 'user', userId: 4, admin: true, moderator: false };

/** Who asks. A project member or administrator is a signed-in user whose role arrives with the project. */
type Who = { readonly name: string; readonly actor: Actor; readonly projectRole: ProjectRole | null };

const columns = [
  { name: 'anonymous', actor: anonymous, projectRole: null },
  { name: 'a signed-in user', actor: alice, projectRole: null },
  { name: 'a project member', actor: alice, projectRole: 'member' },
  { name: 'a project administrator', actor: alice, projectRole: 'administrator' },
  { name: 'a moderator', actor: moderator, projectRole: null },
  { name: 'a site admin', actor: siteAdmin, projectRole: null },
] as const satisfies readonly Who[];

/** What the action is about, as seen by each asker (a project carries the asker's role in it). */
type On<R> = { readonly name: string; readonly resourceFor: (who: Who) => R };

const nothing: On<NoResource> = { name: 'nothing in particular', resourceFor: () => ({}) };
const publicProject: On<ProjectResource> = {
  name: 'a public project',
  resourceFor: (who) => ({ isPublic: true, role: who.projectRole }),
};
const privateProject: On<ProjectResource> = {
  name: 'a private project',
  resourceFor: (who) => ({ isPublic: false, role: who.projectRole }),
};
/** A station as seen by each asker: project roles come from the projects that hold it. */
const station = (
  name: string,
  s: { owner: boolean; isPublic: boolean; inProjects: boolean; exactLocationPublic?: boolean },
): On<StationResource> => ({
  name,
  resourceFor: ({ actor, projectRole }) => ({
    isOwner: s.owner && actor.kind === 'user',
    isPublic: s.isPublic,
    projectRole: s.inProjects ? projectRole : null,
    exactLocationPublic: s.exactLocationPublic ?? true,
  }),
});
const ownStation = station('their own station', { owner: true, isPublic: false, inProjects: true });
const publicStation = station("someone else's station in a public project", { owner: false, isPublic: true, inProjects: true });
const privateStation = station("someone else's station in private projects only", {
  owner: false,
  isPublic: false,
  inProjects: true,
});
const generalPublicStation = station("someone else's station in public projects showing general locations", {
  owner: false,
  isPublic: true,
  inProjects: true,
  exactLocationPublic: false,
});
const ownNote: On<AuthoredResource> = { name: 'their own field note', resourceFor: () => ({ isAuthor: true }) };
const othersNote: On<AuthoredResource> = { name: "someone else's field note", resourceFor: () => ({ isAuthor: false }) };
/** A data event on a project, as each asker sees it (the asker's role in its project). */
const ownEvent: On<DataEventResource> = {
  name: 'their own data event',
  resourceFor: (who) => ({ isAuthor: true, role: who.projectRole }),
};
const othersEvent: On<DataEventResource> = {
  name: "someone else's data event on a project",
  resourceFor: (who) => ({ isAuthor: false, role: who.projectRole }),
};
const othersWorkspaceEvent: On<DataEventResource> = {
  name: "someone else's data event on a workspace",
  resourceFor: () => ({ isAuthor: false, role: null }),
};
const ownAccount: On<AccountResource> = {
  name: 'their own account',
  resourceFor: ({ actor }) => {
    if (actor.kind === 'anonymous') throw new Error('Anonymous has no account of its own: mark the cell n/a.');
    return { userId: actor.userId };
  },
};
const ownPost: On<AuthoredResource> = { name: 'their own post', resourceFor: () => ({ isAuthor: true }) };
const othersPost: On<AuthoredResource> = { name: "someone else's post", resourceFor: () => ({ isAuthor: false }) };
const someoneElsesAccount: On<AccountResource> = { name: "someone else's account", resourceFor: () => ({ userId: 99 }) };
/** Another person; a project member or administrator shares that project with them. */
const person = (name: string, publicProfile: boolean): On<PersonResource> => ({
  name,
  resourceFor: ({ projectRole }) => ({ userId: 99, publicProfile, sharesProject: projectRole !== null }),
});
const publicPerson = person('someone with a public profile', true);
const privatePerson = person('someone with a private profile', false);
const themselves: On<PersonResource> = {
  name: 'themselves, with a private profile',
  resourceFor: ({ actor }) => {
    if (actor.kind === 'anonymous') throw new Error('Anonymous is nobody: mark the cell n/a.');
    return { userId: actor.userId, publicProfile: false, sharesProject: false };
  },
};

// Cells of the matrix. `n/a`: no such row (anonymous has no account of its own).
const allow = 'allow';
const signIn = 'unauthenticated';
const forbid = 'forbidden';
const na = 'n/a';
type Cell = Verdict | typeof na;
/** One cell per column, in the order of `columns`. */
type Cells = readonly [Cell, Cell, Cell, Cell, Cell, Cell];

type Row = {
  readonly who: string;
  readonly actor: Actor;
  readonly action: Action;
  readonly on: string;
  readonly resource: ResourceOf<Action>;
  readonly expected: Verdict;
};

/** One line of the matrix: one action on one resource, with a verdict per column. Expands into one row per asker. */
const line = <A extends Action>(action: A, on: On<ResourceOf<A>>, cells: Cells): Row[] =>
  columns.flatMap((who, i) => {
    const expected = cells[i];
    if (expected === undefined || expected === na) return [];
    // The line is type-checked against its action's resource; in the shared table every row's resource has one type.
    const resource = on.resourceFor(who) as ResourceOf<Action>;
    return [{ who: who.name, actor: who.actor, action, on: on.name, resource, expected }];
  });

// The matrix reads by column, so Prettier keeps out of it.
// prettier-ignore
const table: readonly Row[] = [
  // Columns: anonymous, signed-in user, project member, project administrator, moderator, site admin.
  //                                                      anon    user    member  p.admin mod     site
  // Projects (spec §6): anyone lists and reads public ones; members read private ones; project administrators edit.
  // A private project is 403 even for anonymous: the spec shows a forbidden banner, not a sign-in prompt.
  ...line('project.list',           nothing,             [allow,  allow,  allow,  allow,  allow,  allow]),
  ...line('project.listMine',       nothing,             [signIn, allow,  allow,  allow,  allow,  allow]),
  ...line('project.read',           publicProject,       [allow,  allow,  allow,  allow,  allow,  allow]),
  ...line('project.read',           privateProject,      [forbid, forbid, allow,  allow,  forbid, allow]),
  ...line('project.create',         nothing,             [signIn, allow,  allow,  allow,  allow,  allow]),
  ...line('project.update',         publicProject,       [signIn, forbid, forbid, allow,  forbid, allow]),
  ...line('project.update',         privateProject,      [signIn, forbid, forbid, allow,  forbid, allow]),
  ...line('project.delete',         publicProject,       [signIn, forbid, forbid, allow,  forbid, allow]),
  ...line('project.delete',         privateProject,      [signIn, forbid, forbid, allow,  forbid, allow]),
  ...line('project.manageMembers',  publicProject,       [signIn, forbid, forbid, allow,  forbid, allow]),
  ...line('project.manageMembers',  privateProject,      [signIn, forbid, forbid, allow,  forbid, allow]),
  ...line('project.configureWebhooks', publicProject,    [signIn, forbid, forbid, allow,  forbid, allow]),
  ...line('project.configureWebhooks', privateProject,   [signIn, forbid, forbid, allow,  forbid, allow]),
  // History (audit replay): administrators of the project and site admins; readers of the project are not enough.
  ...line('project.readHistory',    publicProject,       [signIn, forbid, forbid, allow,  forbid, allow]),
  ...line('project.readHistory',    privateProject,      [signIn, forbid, forbid, allow,  forbid, allow]),
  ...line('project.follow',         publicProject,       [signIn, allow,  allow,  allow,  allow,  allow]),
  ...line('project.follow',         privateProject,      [signIn, forbid, allow,  allow,  forbid, allow]),
  ...line('project.answerInvite',   nothing,             [signIn, allow,  allow,  allow,  allow,  allow]),

  // Stations: owners manage them; project teams write station notes; a private station is 403 to others.
  // The member and administrator columns hold that role in a project holding the station.
  ...line('station.register',       nothing,             [signIn, allow,  allow,  allow,  allow,  allow]),
  ...line('station.listMine',       nothing,             [signIn, allow,  allow,  allow,  allow,  allow]),
  ...line('station.read',           ownStation,          [na,     allow,  allow,  allow,  allow,  allow]),
  ...line('station.read',           publicStation,       [allow,  allow,  allow,  allow,  allow,  allow]),
  ...line('station.read',           privateStation,      [forbid, forbid, allow,  allow,  forbid, allow]),
  ...line('station.update',         ownStation,          [na,     allow,  allow,  allow,  allow,  allow]),
  ...line('station.update',         publicStation,       [signIn, forbid, forbid, forbid, forbid, allow]),
  ...line('station.update',         privateStation,      [signIn, forbid, forbid, forbid, forbid, allow]),
  ...line('station.readHistory',    ownStation,          [na,     allow,  allow,  allow,  allow,  allow]),
  ...line('station.readHistory',    publicStation,       [signIn, forbid, forbid, forbid, forbid, allow]),
  ...line('station.readHistory',    privateStation,      [signIn, forbid, forbid, forbid, forbid, allow]),
  ...line('station.readUploads',    ownStation,          [na,     allow,  allow,  allow,  allow,  allow]),
  ...line('station.readUploads',    publicStation,       [signIn, forbid, forbid, forbid, forbid, allow]),
  ...line('station.readUploads',    privateStation,      [signIn, forbid, forbid, forbid, forbid, allow]),
  ...line('station.writeNotes',     ownStation,          [na,     allow,  allow,  allow,  allow,  allow]),
  ...line('station.writeNotes',     publicStation,       [signIn, forbid, allow,  allow,  forbid, allow]),
  ...line('station.writeNotes',     privateStation,      [signIn, forbid, allow,  allow,  forbid, allow]),
  // Exact locations: always for the owner, the team and site admins; for others only when a public project shows them.
  ...line('station.readExactLocation', ownStation,          [na,     allow,  allow,  allow,  allow,  allow]),
  ...line('station.readExactLocation', publicStation,       [allow,  allow,  allow,  allow,  allow,  allow]),
  ...line('station.readExactLocation', generalPublicStation,[forbid, forbid, allow,  allow,  forbid, allow]),
  ...line('station.readExactLocation', privateStation,      [forbid, forbid, allow,  allow,  forbid, allow]),
  ...line('station.addFieldNote',   publicStation,       [signIn, allow,  allow,  allow,  allow,  allow]),
  ...line('station.addFieldNote',   privateStation,      [signIn, forbid, allow,  allow,  forbid, allow]),
  ...line('fieldNote.edit',         ownNote,             [na,     allow,  allow,  allow,  allow,  allow]),
  ...line('fieldNote.edit',         othersNote,          [signIn, forbid, forbid, forbid, forbid, forbid]),
  ...line('fieldNote.delete',       ownNote,             [na,     allow,  allow,  allow,  allow,  allow]),
  ...line('fieldNote.delete',       othersNote,          [signIn, forbid, forbid, forbid, forbid, allow]),

  // One's own account: only its owner, whatever the flags (site admins act through admin.* instead).
  ...line('account.read',           ownAccount,          [na,     allow,  allow,  allow,  allow,  allow]),
  ...line('account.read',           someoneElsesAccount, [signIn, forbid, forbid, forbid, forbid, forbid]),
  ...line('account.update',         ownAccount,          [na,     allow,  allow,  allow,  allow,  allow]),
  ...line('account.update',         someoneElsesAccount, [signIn, forbid, forbid, forbid, forbid, forbid]),
  ...line('account.changePassword', ownAccount,          [na,     allow,  allow,  allow,  allow,  allow]),
  ...line('account.changePassword', someoneElsesAccount, [signIn, forbid, forbid, forbid, forbid, forbid]),
  ...line('account.acceptTerms',    ownAccount,          [na,     allow,  allow,  allow,  allow,  allow]),
  ...line('account.acceptTerms',    someoneElsesAccount, [signIn, forbid, forbid, forbid, forbid, forbid]),
  ...line('account.uploadPhoto',    ownAccount,          [na,     allow,  allow,  allow,  allow,  allow]),
  ...line('account.uploadPhoto',    someoneElsesAccount, [signIn, forbid, forbid, forbid, forbid, forbid]),
  ...line('account.delete',         ownAccount,          [na,     allow,  allow,  allow,  allow,  allow]),
  ...line('account.delete',         someoneElsesAccount, [signIn, forbid, forbid, forbid, forbid, forbid]),
  ...line('session.logout',         nothing,             [signIn, allow,  allow,  allow,  allow,  allow]),
  ...line('users.mention',          nothing,             [signIn, allow,  allow,  allow,  allow,  allow]),
  // People: a public profile to all; a private one to co-members of a project, themselves and site admins.
  ...line('person.see',             publicPerson,        [allow,  allow,  allow,  allow,  allow,  allow]),
  ...line('person.see',             privatePerson,       [signIn, forbid, allow,  allow,  forbid, allow]),
  ...line('person.see',             themselves,          [na,     allow,  allow,  allow,  allow,  allow]),

  // Site administrators only.
  ...line('admin.deleteUser',       nothing,             [signIn, forbid, forbid, forbid, forbid, allow]),
  ...line('admin.clearTerms',       nothing,             [signIn, forbid, forbid, forbid, forbid, allow]),
  ...line('admin.searchUsers',      nothing,             [signIn, forbid, forbid, forbid, forbid, allow]),
  ...line('admin.spoof',            nothing,             [signIn, forbid, forbid, forbid, forbid, allow]),
  ...line('admin.backup',           nothing,             [signIn, forbid, forbid, forbid, forbid, allow]),
  ...line('admin.listUsers',        nothing,             [signIn, forbid, forbid, forbid, forbid, allow]),
  ...line('admin.setRoles',         nothing,             [signIn, forbid, forbid, forbid, forbid, allow]),
  ...line('admin.listStations',     nothing,             [signIn, forbid, forbid, forbid, forbid, allow]),
  ...line('admin.transferStation',  nothing,             [signIn, forbid, forbid, forbid, forbid, allow]),
  ...line('admin.listUploads',      nothing,             [signIn, forbid, forbid, forbid, forbid, allow]),
  ...line('admin.reprocess',        nothing,             [signIn, forbid, forbid, forbid, forbid, allow]),
  ...line('admin.projections',      nothing,             [signIn, forbid, forbid, forbid, forbid, allow]),
  ...line('admin.logs',             nothing,             [signIn, forbid, forbid, forbid, forbid, allow]),
  ...line('admin.deleteStation',    nothing,             [signIn, forbid, forbid, forbid, forbid, allow]),
  ...line('admin.retryProjectionEvent', nothing,         [signIn, forbid, forbid, forbid, forbid, allow]),
  ...line('admin.skipProjectionEvent',  nothing,         [signIn, forbid, forbid, forbid, forbid, allow]),
  ...line('admin.rebuildProjection',    nothing,         [signIn, forbid, forbid, forbid, forbid, allow]),
  // The console opens for site admins and moderators (who see only moderation in it).
  ...line('console.open',           nothing,             [signIn, forbid, forbid, forbid, allow,  allow]),

  // Discussions: write where one reads; edit and delete one's own; report others'.
  ...line('post.write',             publicProject,       [signIn, allow,  allow,  allow,  allow,  allow]),
  ...line('post.write',             privateProject,      [signIn, forbid, allow,  allow,  forbid, allow]),
  ...line('post.writeOnWorkspace',  nothing,             [signIn, allow,  allow,  allow,  allow,  allow]),
  ...line('post.edit',              ownPost,             [na,     allow,  allow,  allow,  allow,  allow]),
  ...line('post.edit',              othersPost,          [signIn, forbid, forbid, forbid, forbid, forbid]),
  ...line('post.delete',            ownPost,             [na,     allow,  allow,  allow,  allow,  allow]),
  ...line('post.delete',            othersPost,          [signIn, forbid, forbid, forbid, forbid, forbid]),
  ...line('post.report',            ownPost,             [na,     forbid, forbid, forbid, forbid, forbid]),
  ...line('post.report',            othersPost,          [signIn, allow,  allow,  allow,  allow,  allow]),
  // Data events: the project's Administrators and site admins; on a workspace without a project, site admins.
  ...line('dataEvent.create',       publicProject,       [signIn, forbid, forbid, allow,  forbid, allow]),
  ...line('dataEvent.create',       privateProject,      [signIn, forbid, forbid, allow,  forbid, allow]),
  ...line('dataEvent.createOnWorkspace', nothing,        [signIn, forbid, forbid, forbid, forbid, allow]),
  ...line('dataEvent.edit',         ownEvent,            [na,     allow,  allow,  allow,  allow,  allow]),
  ...line('dataEvent.edit',         othersEvent,         [signIn, forbid, forbid, allow,  forbid, allow]),
  ...line('dataEvent.edit',         othersWorkspaceEvent,[signIn, forbid, forbid, forbid, forbid, allow]),
  ...line('notifications.read',     nothing,             [signIn, allow,  allow,  allow,  allow,  allow]),
  ...line('audit.readAny',          nothing,             [signIn, forbid, forbid, forbid, forbid, allow]),
  ...line('audit.readPersonal',     nothing,             [signIn, forbid, forbid, forbid, forbid, allow]),
  ...line('export.readHistory',     ownAccount,          [na,     allow,  allow,  allow,  allow,  allow]),
  ...line('export.readHistory',     someoneElsesAccount, [signIn, forbid, forbid, forbid, forbid, allow]),

  // Moderators only: the admin flag alone does not make a moderator.
  ...line('moderation.review',      nothing,             [signIn, forbid, forbid, forbid, allow,  forbid]),
];

const errorOf = (call: () => void): unknown => {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error('Expected the call to throw.');
};

describe('access policy', () => {
  it.each(table)('gives $expected when $who asks for $action on $on', ({ actor, action, resource, expected }) => {
    // given the asker and the resource of the row
    // when the policy decides
    const verdict = decide(actor, action, resource);
    // then it gives the row's verdict
    expect(verdict).toBe(expected);
  });

  it('has a row for every action in the rules and every kind of asker, so a new action cannot ship without them', () => {
    const missing = Object.keys(rules).flatMap((action) =>
      columns
        .filter((who) => !table.some((row) => row.action === action && row.who === who.name))
        .map((who) => `${action} for ${who.name}`),
    );

    expect(missing).toEqual([]);
  });

  it.each([
    {
      situation: 'anonymous asks for an action that needs a signed-in user',
      call: () => authorize(anonymous, 'account.update', { userId: 2 }),
      kind: 'unauthenticated',
      code: 'AUTH.REQUIRED',
      message: userMessages.signInRequired,
    },
    {
      situation: 'anonymous asks for an admin action',
      call: () => authorize(anonymous, 'admin.deleteUser', {}),
      kind: 'unauthenticated',
      code: 'AUTH.REQUIRED',
      message: userMessages.signInRequired,
    },
    {
      situation: "a signed-in user asks for someone else's account",
      call: () => authorize(alice, 'account.update', { userId: 99 }),
      kind: 'forbidden',
      code: 'AUTH.FORBIDDEN',
      message: userMessages.notAllowed,
    },
    {
      situation: 'anonymous reads a private project',
      call: () => authorize(anonymous, 'project.read', { isPublic: false, role: null }),
      kind: 'forbidden',
      code: 'AUTH.FORBIDDEN',
      message: userMessages.notAllowed,
    },
    {
      situation: 'a moderator asks for an admin action',
      call: () => authorize(moderator, 'admin.searchUsers', {}),
      kind: 'forbidden',
      code: 'AUTH.ADMIN_ONLY',
      message: userMessages.adminOnly,
    },
  ])('throws $code when $situation', ({ call, kind, code, message }) => {
    const error = errorOf(call);

    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind, code, message });
  });

  it("lets a project member write the notes of the project's stations, though only administrators edit the project", () => {
    // given a member of a private project that holds someone else's station
    const project: ProjectResource = { isPublic: false, role: 'member' };
    const station: StationResource = { isOwner: false, isPublic: false, projectRole: 'member', exactLocationPublic: false };
    // then the notes are theirs to write on every screen, while the project stays read-only to them
    expect(decide(alice, 'station.writeNotes', station)).toBe('allow');
    expect(decide(alice, 'project.update', project)).toBe('forbidden');
    // and the control: outside the station's projects, the notes are read-only
    expect(decide(alice, 'station.writeNotes', { ...station, projectRole: null })).toBe('forbidden');
  });

  it('lets the call through when the policy allows it', () => {
    expect(() => authorize(alice, 'account.update', { userId: 2 })).not.toThrow();
    expect(can(alice, 'account.update', { userId: 2 })).toBe(true);
    expect(can(alice, 'account.update', { userId: 99 })).toBe(false);
  });
});
