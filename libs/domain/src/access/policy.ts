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
/** An account acted upon: whose it is. */
export type AccountResource = { readonly userId: number };
export type NoResource = Record<string, never>;

type Rule<R> = {
  /** Anonymous callers get 401 (sign in first) rather than 403. */
  readonly signIn: boolean;
  readonly allow: (actor: Actor, resource: R) => boolean;
};

const isUser = (a: Actor): a is Extract<Actor, { kind: 'user' }> => a.kind === 'user';
const isSiteAdmin = (a: Actor): boolean => isUser(a) && a.admin;
const isSelf = (a: Actor, r: AccountResource): boolean => isUser(a) && a.userId === r.userId;

const anyone = <R>(): Rule<R> => ({ signIn: false, allow: () => true });
const signedIn = <R>(): Rule<R> => ({ signIn: true, allow: isUser });
const self: Rule<AccountResource> = { signIn: true, allow: isSelf };
const siteAdmin = <R>(): Rule<R> => ({ signIn: true, allow: isSiteAdmin });

export const rules = {
  // Projects (spec §6: anonymous reads public projects; project administrators edit).
  'project.list': anyone<NoResource>(),
  'project.read': {
    signIn: false,
    allow: (a: Actor, p: ProjectResource) => p.isPublic || p.role !== null || isSiteAdmin(a),
  } satisfies Rule<ProjectResource>,
  'project.create': signedIn<NoResource>(),
  'project.update': {
    signIn: true,
    allow: (a: Actor, p: ProjectResource) => (isUser(a) && p.role === 'administrator') || isSiteAdmin(a),
  } satisfies Rule<ProjectResource>,

  // One's own account: profile, photo, password, terms, deletion.
  'account.read': self,
  'account.update': self,
  'account.changePassword': self,
  'account.acceptTerms': self,
  'account.uploadPhoto': self,
  'account.delete': self,
  'session.logout': signedIn<NoResource>(),
  'users.mention': signedIn<NoResource>(),

  // Site administrators (spec §6: user search and delete, clear terms, spoof).
  'admin.deleteUser': siteAdmin<NoResource>(),
  'admin.clearTerms': siteAdmin<NoResource>(),
  'admin.searchUsers': siteAdmin<NoResource>(),
  'admin.spoof': siteAdmin<NoResource>(),

  // Moderators review reported posts (the calls arrive with the discussion feature).
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
