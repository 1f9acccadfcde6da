import { DomainError } from '../kernel/domain-error.js';
import { userMessages } from '../users/user.rules.js';

/**
 * The one place that decides who may do what (spec §6). Controllers name an action and the
 * resource it touches; this answers allow, 401 (sign in first) or 403. Later features add their
 * actions to `rules` and rows to the policy's table test.
 */
export type Actor =
  | { readonly kind: 'anonymous' }
  | { readonly kind: 'user'; readonly userId: number; readonly admin: boolean; readonly moderator: boolean };

export const anonymous: Actor = { kind: 'anonymous' };

export type ProjectRole = 'administrator' | 'member';

/** What the policy needs to know about a project: is it public, and the actor's role in it. */
export type ProjectResource = { readonly isPublic: boolean; readonly role: ProjectRole | null };
/**
 * What the policy needs to know about a station: whether the asker owns it, whether it sits in
 * at least one public project, and the asker's highest role among the projects that hold it.
 */
export type StationResource = {
  readonly isOwner: boolean;
  readonly isPublic: boolean;
  readonly projectRole: ProjectRole | null;
  /** A public project holding the station shows exact station locations (spec §2 project form). */
  readonly exactLocationPublic: boolean;
};
/** Something written by one person (a field note): is the asker its author. */
export type AuthoredResource = { readonly isAuthor: boolean };
/** A data event: its author, and the asker's role in the project it belongs to (null on a workspace). */
export type DataEventResource = { readonly isAuthor: boolean; readonly role: ProjectRole | null };
/** An account acted upon: whose it is. */
export type AccountResource = { readonly userId: number };
export type NoResource = Record<string, never>;
/** A person as others see them: their profile's visibility, and whether the asker shares a project with them. */
export type PersonResource = { readonly userId: number; readonly publicProfile: boolean; readonly sharesProject: boolean };

type Rule<R> = {
  /** Anonymous callers get 401 (sign in first) rather than 403. */
  readonly signIn: boolean;
  readonly allow: (actor: Actor, resource: R) => boolean;
};

const isUser = (a: Actor): a is Extract<Actor, { kind: 'user' }> => a.kind === 'user';
const isSiteAdmin = (a: Actor): boolean => isUser(a) && a.admin;
const isSelf = (a: Actor, r: AccountResource): boolean => isUser(a) && a.userId === r.userId;
const readsProject = (a: Actor, p: ProjectResource): boolean => p.isPublic || p.role !== null || isSiteAdmin(a);
const administers = (a: Actor, p: ProjectResource): boolean => (isUser(a) && p.role === 'administrator') || isSiteAdmin(a);
const readsStation = (a: Actor, s: StationResource): boolean =>
  s.isPublic || (isUser(a) && (s.isOwner || s.projectRole !== null)) || isSiteAdmin(a);
const ownsStation = (a: Actor, s: StationResource): boolean => (isUser(a) && s.isOwner) || isSiteAdmin(a);

const anyone = <R>(): Rule<R> => ({ signIn: false, allow: () => true });
const signedIn = <R>(): Rule<R> => ({ signIn: true, allow: isUser });
const self: Rule<AccountResource> = { signIn: true, allow: isSelf };
const siteAdmin = <R>(): Rule<R> => ({ signIn: true, allow: isSiteAdmin });

export const rules = {
  // Projects (spec §6: anonymous reads public projects; project administrators edit).
  'project.list': anyone<NoResource>(),
  'project.listMine': signedIn<NoResource>(),
  /** Also covers its followers, members, stations, updates, activity and photo. */
  'project.read': { signIn: false, allow: readsProject } satisfies Rule<ProjectResource>,
  'project.create': signedIn<NoResource>(),
  /** Edit, delete, photo, updates (post, edit, delete), stations added and removed. */
  'project.update': { signIn: true, allow: administers } satisfies Rule<ProjectResource>,
  'project.delete': { signIn: true, allow: administers } satisfies Rule<ProjectResource>,
  /** Invite, change roles, remove members (the decider refuses one's own role and removing oneself). */
  'project.manageMembers': { signIn: true, allow: administers } satisfies Rule<ProjectResource>,
  /** Its LoRaWAN webhook: field mapping, secret token (shown once), removal; reading its settings. */
  'project.configureWebhooks': { signIn: true, allow: administers } satisfies Rule<ProjectResource>,
  /** Its history (audit replay): every event, the state as of any of them; personal fields per `audit.readPersonal`. */
  'project.readHistory': { signIn: true, allow: administers } satisfies Rule<ProjectResource>,
  'project.follow': {
    signIn: true,
    allow: (a: Actor, p: ProjectResource) => isUser(a) && readsProject(a, p),
  } satisfies Rule<ProjectResource>,
  /** Accept or decline an invitation (by its token, or one addressed to the asker's e-mail). */
  'project.answerInvite': signedIn<NoResource>(),

  // Stations (spec §6: owners manage their stations; a private station is 403 to everyone else).
  'station.register': signedIn<NoResource>(),
  'station.listMine': signedIn<NoResource>(),
  /** Also covers its modules, notes, field notes, photos, associated stations and projects. */
  'station.read': { signIn: false, allow: readsStation } satisfies Rule<StationResource>,
  /** Name, description, module labels, deployment, attributes, photos, hidden; adding it to a project. */
  'station.update': { signIn: true, allow: ownsStation } satisfies Rule<StationResource>,
  /** Its history (audit replay) and that of its notes: the owner and site admins, who may already change it all. */
  'station.readHistory': { signIn: true, allow: ownsStation } satisfies Rule<StationResource>,
  /** Its uploads (sizes, record numbers, the raw files): what the station sent is its owner's business. */
  'station.readUploads': { signIn: true, allow: ownsStation } satisfies Rule<StationResource>,
  /**
   * Station notes (the five keys): the owner and the teams of the projects that hold the station. The
   * one rule for every screen that shows them (the station page, a project's notes page) and for the
   * server's notes calls: a project member writes them though only administrators edit the project.
   */
  'station.writeNotes': {
    signIn: true,
    allow: (a: Actor, s: StationResource) => ownsStation(a, s) || (isUser(a) && s.projectRole !== null),
  } satisfies Rule<StationResource>,
  /**
   * Its exact location; everyone else who reads it sees a general one (about a kilometre). Exact
   * for the owner, the teams of its projects and site admins, and for all once a public project
   * holding it shows exact locations.
   */
  'station.readExactLocation': {
    signIn: false,
    allow: (a: Actor, s: StationResource) =>
      (isUser(a) && (s.isOwner || s.projectRole !== null)) || isSiteAdmin(a) || (s.isPublic && s.exactLocationPublic),
  } satisfies Rule<StationResource>,
  'station.addFieldNote': {
    signIn: true,
    allow: (a: Actor, s: StationResource) => isUser(a) && readsStation(a, s),
  } satisfies Rule<StationResource>,
  /** Field notes are edited by their author only; a site admin may also delete one. */
  'fieldNote.edit': {
    signIn: true,
    allow: (a: Actor, n: AuthoredResource) => isUser(a) && n.isAuthor,
  } satisfies Rule<AuthoredResource>,
  'fieldNote.delete': {
    signIn: true,
    allow: (a: Actor, n: AuthoredResource) => (isUser(a) && n.isAuthor) || isSiteAdmin(a),
  } satisfies Rule<AuthoredResource>,

  // One's own account: profile, photo, password, terms, deletion.
  'account.read': self,
  'account.update': self,
  'account.changePassword': self,
  'account.acceptTerms': self,
  'account.uploadPhoto': self,
  'account.delete': self,
  'session.logout': signedIn<NoResource>(),
  /** Lists only people the caller may see (`person.see`); the query applies the same rule. */
  'users.mention': signedIn<NoResource>(),
  /**
   * Seeing a person (name in lists, profile photo): anyone when the profile is public; else the
   * person, people who share a project with them, and site admins.
   */
  'person.see': {
    signIn: true,
    allow: (a: Actor, p: PersonResource) =>
      p.publicProfile || (isUser(a) && (a.userId === p.userId || p.sharesProject)) || isSiteAdmin(a),
  } satisfies Rule<PersonResource>,

  // Site administrators (spec §6: user search and delete, clear terms, spoof).
  'admin.deleteUser': siteAdmin<NoResource>(),
  'admin.clearTerms': siteAdmin<NoResource>(),
  'admin.searchUsers': siteAdmin<NoResource>(),
  'admin.spoof': siteAdmin<NoResource>(),
  /** Reading a station's SD-card backup files (spec §2 /admin backup upload). */
  'admin.backup': siteAdmin<NoResource>(),
  // The operators' console (spec §2 Admin): its lists and the commands it sends.
  'admin.listUsers': siteAdmin<NoResource>(),
  /** Grant or withdraw the site roles (admin, moderator). */
  'admin.setRoles': siteAdmin<NoResource>(),
  'admin.listStations': siteAdmin<NoResource>(),
  /** Give a station (or all of a user's) to another user. */
  'admin.transferStation': siteAdmin<NoResource>(),
  'admin.listUploads': siteAdmin<NoResource>(),
  /** Process uploads again, many at once. */
  'admin.reprocess': siteAdmin<NoResource>(),
  /** The projector's read models: position, lag, state, errors. */
  'admin.projections': siteAdmin<NoResource>(),
  /** The product's own log lines (the console's log view): they name users, stations and requests. */
  'admin.logs': siteAdmin<NoResource>(),
  /** Delete a station (or many). */
  'admin.deleteStation': siteAdmin<NoResource>(),
  /** Retry the event a projection stopped on (its cause fixed), recorded as a command. */
  'admin.retryProjectionEvent': siteAdmin<NoResource>(),
  /** Skip the event a projection stopped on (it never reaches the read model), recorded as a command. */
  'admin.skipProjectionEvent': siteAdmin<NoResource>(),
  /** Rebuild one projection or all from the log, into fresh tables swapped in at the end. */
  'admin.rebuildProjection': siteAdmin<NoResource>(),
  /** Opening the console at all: site admins and moderators; anyone else is sent away (spec §2). */
  'console.open': {
    signIn: true,
    allow: (a: Actor, _r: NoResource) => isUser(a) && (a.admin || a.moderator),
  } satisfies Rule<NoResource>,

  // Discussions (spec §6: anyone reads what they may read; signed-in users comment, edit and delete their own, report others').
  /** Comments and data events on a project are read as the project is; on a saved workspace, by whoever holds its token. */
  'post.write': {
    signIn: true,
    allow: (a: Actor, p: ProjectResource) => isUser(a) && readsProject(a, p),
  } satisfies Rule<ProjectResource>,
  /** A comment on a saved workspace (its token is the key to it). */
  'post.writeOnWorkspace': signedIn<NoResource>(),
  /** Edit and delete: the author only; a moderator deletes through an acknowledged report. */
  'post.edit': {
    signIn: true,
    allow: (a: Actor, n: AuthoredResource) => isUser(a) && n.isAuthor,
  } satisfies Rule<AuthoredResource>,
  'post.delete': {
    signIn: true,
    allow: (a: Actor, n: AuthoredResource) => isUser(a) && n.isAuthor,
  } satisfies Rule<AuthoredResource>,
  /** Anyone who reads a post and did not write it may report it. */
  'post.report': {
    signIn: true,
    allow: (a: Actor, n: AuthoredResource) => isUser(a) && !n.isAuthor,
  } satisfies Rule<AuthoredResource>,
  /** Spec §2: the comment/event toggle is for site admins and the project's Administrators. */
  'dataEvent.create': { signIn: true, allow: administers } satisfies Rule<ProjectResource>,
  /** A data event on a saved workspace that belongs to no project: site admins. */
  'dataEvent.createOnWorkspace': siteAdmin<NoResource>(),
  /** Edit a data event: its author, the project's Administrators (who may mark events) and site admins. */
  'dataEvent.edit': {
    signIn: true,
    allow: (a: Actor, e: DataEventResource) => isUser(a) && (e.isAuthor || e.role === 'administrator' || isSiteAdmin(a)),
  } satisfies Rule<DataEventResource>,
  /** One's own notifications (list, mark seen, the live socket). */
  'notifications.read': signedIn<NoResource>(),

  // Audit replay (issue 29): any stream's history and any correlation, and the personal fields in them.
  'audit.readAny': siteAdmin<NoResource>(),
  /** Personal fields (names, e-mails, bios, station attributes) in histories: site admins only. */
  'audit.readPersonal': siteAdmin<NoResource>(),
  /** An export's history (its requests, runs, failures, expiry): its owner and site admins. */
  'export.readHistory': {
    signIn: true,
    allow: (a: Actor, r: AccountResource) => isSelf(a, r) || isSiteAdmin(a),
  } satisfies Rule<AccountResource>,

  // Moderators review reported posts.
  // Spec §6 lists the moderator flag on its own: site admins moderate only if they also hold it.
  'moderation.review': { signIn: true, allow: (a: Actor, _r: NoResource) => isUser(a) && a.moderator } satisfies Rule<NoResource>,
} as const;

export type Action = keyof typeof rules;
export type ResourceOf<A extends Action> = (typeof rules)[A] extends Rule<infer R> ? R : never;

export type Verdict = 'allow' | 'unauthenticated' | 'forbidden';

export const decide = <A extends Action>(actor: Actor, action: A, resource: ResourceOf<A>): Verdict => {
  const rule = rules[action] as Rule<ResourceOf<A>>;
  if (rule.allow(actor, resource)) return 'allow';
  return rule.signIn && actor.kind === 'anonymous' ? 'unauthenticated' : 'forbidden';
};

export const can = <A extends Action>(actor: Actor, action: A, resource: ResourceOf<A>): boolean =>
  decide(actor, action, resource) === 'allow';

/** Throws the domain error the filter turns into 401 or 403. */
export const authorize = <A extends Action>(actor: Actor, action: A, resource: ResourceOf<A>): void => {
  const verdict = decide(actor, action, resource);
  if (verdict === 'unauthenticated') throw new DomainError('unauthenticated', 'AUTH.REQUIRED', userMessages.signInRequired);
  if (verdict === 'forbidden') {
    const adminOnly = action.startsWith('admin.');
    throw new DomainError(
      'forbidden',
      adminOnly ? 'AUTH.ADMIN_ONLY' : 'AUTH.FORBIDDEN',
      adminOnly ? userMessages.adminOnly : userMessages.notAllowed,
    );
  }
};
