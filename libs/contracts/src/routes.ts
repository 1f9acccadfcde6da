import { adminConsoleRoutes } from './admin/admin-console.routes.js';
import { adminLogRoutes } from './admin/admin-logs.routes.js';
import { adminStationDeleteRoutes } from './admin/admin-station-delete.routes.js';
import { analysisRoutes } from './analysis/analysis.routes.js';
import { dataEventRoutes, discussionRoutes, moderationRoutes, notificationRoutes } from './discussions/discussions.routes.js';
import { auditRoutes } from './audit/audit.routes.js';
import { bookmarkRoutes } from './bookmarks/bookmarks.routes.js';
import { exportRoutes } from './exports/exports.routes.js';
import { activityRoutes } from './activity/activity.routes.js';
import { CreatedId } from './common/created-id.contract.js';
import { deviceRoutes } from './devices/devices.routes.js';
import { IdParams } from './common/params.contract.js';
import { route } from './http/route.js';
import { versionErrors } from './common/version.contract.js';
import { csvImportRoutes } from './ingestion/csv-import.routes.js';
import { ingestionRoutes } from './ingestion/ingestion.routes.js';
import { lorawanRoutes } from './ingestion/lorawan.routes.js';
import { noteRoutes } from './notes/notes.routes.js';
import { projectRoutes } from './projects/projects.routes.js';
import { sensorRoutes } from './sensors/sensors.routes.js';
import { stationRoutes } from './stations/stations.routes.js';
import { Status } from './status/status.contract.js';
import { AdminClearTermsBody, AdminDeleteUserBody, UserSearchQuery, UserSearchResult } from './users/admin-users.contract.js';
import {
  DiscourseAuthBody,
  DiscourseAuthResult,
  LoginBody,
  LogoutResult,
  OidcAuthQuery,
  OidcAuthResult,
  OidcUrl,
  OidcUrlQuery,
  RefreshBody,
  ResumeBody,
} from './users/session.contract.js';
import {
  AcceptTermsBody,
  ChangePasswordBody,
  DeleteAccountBody,
  MentionableList,
  MentionablesQuery,
  PhotoSizeQuery,
  RecoveryLookupBody,
  RegisterBody,
  ResetPasswordBody,
  UndoEmailChangeBody,
  UpdateUserBody,
  User,
} from './users/users.contract.js';

export { CreatedId };

const tokenHeader = 'The access token is in the Authorization response header (Bearer …).';
const limited = 'Too many attempts from this address or for this account';

/** Every call of the API: each feature keeps its calls in its own `*.routes.ts`. */
export const routes = {
  ...projectRoutes,
  ...stationRoutes,
  ...noteRoutes,
  ...activityRoutes,
  ...sensorRoutes,
  ...ingestionRoutes,
  ...csvImportRoutes,
  ...lorawanRoutes,
  ...deviceRoutes,
  ...bookmarkRoutes,
  ...exportRoutes,
  ...analysisRoutes,
  ...adminConsoleRoutes,
  ...adminLogRoutes,
  ...adminStationDeleteRoutes,
  ...discussionRoutes,
  ...dataEventRoutes,
  ...notificationRoutes,
  ...moderationRoutes,
  ...auditRoutes,
  login: route({
    method: 'post',
    path: '/login',
    summary: `Sign in with e-mail and password. ${tokenHeader} An admin may spoof: the other user's e-mail, and "adminEmail adminPassword" as the password.`,
    tags: ['session'],
    auth: 'none',
    body: LoginBody,
    status: 204,
    errors: {
      400: 'A field is missing or not valid',
      401: 'Wrong e-mail or password',
      403: 'E-mail not validated yet',
      429: limited,
    },
  }),
  refresh: route({
    method: 'post',
    path: '/refresh',
    summary: `Trade the refresh token (from the access token's payload) for a new pair. ${tokenHeader} A refresh token works once; reusing one ends the session.`,
    tags: ['session'],
    auth: 'none',
    body: RefreshBody,
    status: 204,
    errors: { 400: 'No refresh token', 401: 'The refresh token is unknown, used, expired or revoked' },
  }),
  resume: route({
    method: 'post',
    path: '/user/resume',
    summary: `Start a session from a one-time link token (e-mail validation). ${tokenHeader}`,
    tags: ['session'],
    auth: 'none',
    body: ResumeBody,
    status: 204,
    errors: { 400: 'No token', 401: 'The token is not valid or has expired' },
  }),
  logout: route({
    method: 'post',
    path: '/logout',
    summary: 'End this session (its refresh tokens stop working)',
    tags: ['session'],
    auth: 'required',
    response: LogoutResult,
    errors: { 401: 'Not signed in' },
  }),
  oidcUrl: route({
    method: 'get',
    path: '/oidc/url',
    summary: 'Where to send the browser to sign in with the single-sign-on provider',
    tags: ['session'],
    auth: 'none',
    query: OidcUrlQuery,
    response: OidcUrl,
    errors: { 502: 'The provider cannot be reached' },
  }),
  oidcAuth: route({
    method: 'post',
    path: '/oidc/auth',
    summary: `Finish single sign-on with the provider's answer. ${tokenHeader}`,
    tags: ['session'],
    auth: 'none',
    query: OidcAuthQuery,
    response: OidcAuthResult,
    errors: { 400: 'Unknown or used state', 401: 'The provider refused the code', 404: 'Single sign-on is not configured' },
  }),
  discourseAuth: route({
    method: 'post',
    path: '/discourse/auth',
    summary: `Forum single sign-on: checks the forum's signed request and answers the forum address to return to. ${tokenHeader}`,
    tags: ['session'],
    auth: 'optional',
    body: DiscourseAuthBody,
    response: DiscourseAuthResult,
    errors: {
      400: 'Bad signature or payload',
      401: 'Wrong e-mail or password',
      404: 'Forum sign-on is not configured',
      429: limited,
    },
  }),
  register: route({
    method: 'post',
    path: '/users',
    summary: 'Create an account; a validation e-mail is sent',
    tags: ['users'],
    auth: 'none',
    body: RegisterBody,
    response: CreatedId,
    errors: { 400: 'A field is not valid, or the e-mail is already registered', 429: limited },
  }),
  resendValidation: route({
    method: 'post',
    path: '/users/{id}/validate-email',
    summary: 'Send the account-validation e-mail again',
    tags: ['users'],
    auth: 'none',
    params: IdParams,
    status: 204,
    errors: { 429: limited },
  }),
  currentUser: route({
    method: 'get',
    path: '/user',
    summary: 'The signed-in user',
    tags: ['users'],
    auth: 'required',
    response: User,
    versionEtag: true,
    errors: { 401: 'Not signed in' },
  }),
  updateUser: route({
    method: 'patch',
    path: '/users/{id}',
    summary:
      'Change name, e-mail, bio or public profile. A new e-mail needs proof of the person (`currentPassword`, or a sign-in at most 5 minutes old for an account without a password); it sends a validation mail to the new address and, to the old one, a one-use link that undoes the change for 7 days',
    tags: ['users'],
    auth: 'required',
    params: IdParams,
    body: UpdateUserBody,
    response: User,
    versioned: true,
    errors: {
      400: 'A field is not valid, or the e-mail is taken',
      401: 'Not signed in',
      403: 'Not your account, or no proof of the person for a new e-mail (USER.PROOF_PASSWORD_REQUIRED, USER.PROOF_PASSWORD_WRONG, USER.PROOF_RECENT_SIGN_IN_REQUIRED)',
      429: 'Too many password attempts for this account',
      ...versionErrors,
    },
  }),
  changePassword: route({
    method: 'patch',
    path: '/users/{id}/password',
    summary: 'Change password with the current one (an account without one: a sign-in at most 5 minutes old); other sessions end',
    tags: ['users'],
    auth: 'required',
    params: IdParams,
    body: ChangePasswordBody,
    status: 204,
    errors: {
      400: 'The new password is not valid',
      401: 'Not signed in',
      403: 'Not your account, or no proof of the person (USER.PROOF_PASSWORD_REQUIRED, USER.PROOF_PASSWORD_WRONG, USER.PROOF_RECENT_SIGN_IN_REQUIRED)',
      429: 'Too many password attempts for this account',
    },
  }),
  acceptTerms: route({
    method: 'patch',
    path: '/users/{id}/accept-tnc',
    summary: 'Record acceptance of the current terms',
    tags: ['users'],
    auth: 'required',
    params: IdParams,
    body: AcceptTermsBody,
    response: User,
    errors: { 400: 'accept is not true', 401: 'Not signed in', 403: 'Not your account' },
  }),
  uploadUserPhoto: route({
    method: 'post',
    path: '/user/media',
    summary: 'Set the profile photo (multipart field "file": jpeg, png or gif, at most 10 MB)',
    tags: ['users'],
    auth: 'required',
    response: User,
    errors: { 400: 'No file, or not a jpeg, png or gif image', 401: 'Not signed in', 413: 'File too large' },
  }),
  userPhoto: route({
    method: 'get',
    path: '/user/{id}/media',
    summary:
      "A user's profile photo, optionally resized to `size` pixels wide: to anyone when the profile is public, else to the person, people who share a project with them and site admins",
    tags: ['users'],
    auth: 'optional',
    params: IdParams,
    query: PhotoSizeQuery,
    errors: { 401: 'Not public and not signed in', 403: 'Not public, and no project in common', 404: 'No photo' },
  }),
  recoveryLookup: route({
    method: 'post',
    path: '/user/recovery/lookup',
    summary: 'Send a password-reset link if the address has an account (the answer is the same either way)',
    tags: ['users'],
    auth: 'none',
    body: RecoveryLookupBody,
    status: 204,
    errors: { 400: 'Not a valid e-mail', 429: limited },
  }),
  resetPassword: route({
    method: 'post',
    path: '/user/recovery',
    summary: 'Choose a new password with the token from the reset link (every session ends)',
    tags: ['users'],
    auth: 'none',
    body: ResetPasswordBody,
    status: 204,
    errors: { 400: 'The password is not valid, or the token is wrong, used or expired', 429: limited },
  }),
  deleteAccount: route({
    method: 'delete',
    path: '/auth/delete-account',
    summary:
      'Delete the signed-in account now, given its e-mail and its password (an account without one: a sign-in at most 5 minutes old); personal data is erased from the log',
    tags: ['users'],
    auth: 'required',
    body: DeleteAccountBody,
    status: 204,
    errors: {
      400: 'The e-mail is missing or does not match (USER.EMAIL_MISMATCH)',
      401: 'Not signed in',
      403: 'No proof of the person (USER.PROOF_PASSWORD_REQUIRED, USER.PROOF_PASSWORD_WRONG, USER.PROOF_RECENT_SIGN_IN_REQUIRED)',
      429: 'Too many password attempts for this account',
    },
  }),
  undoEmailChange: route({
    method: 'post',
    path: '/user/email/undo',
    summary:
      "Undo an e-mail change with the token of the link mailed to the old address (7 days, once): the old address is the account's again and every session ends",
    tags: ['users'],
    auth: 'none',
    body: UndoEmailChangeBody,
    status: 204,
    errors: {
      400: 'The token is wrong, used or expired (USER.EMAIL_UNDO_FAILED), or the old address was taken since',
      429: limited,
    },
  }),
  mentionables: route({
    method: 'get',
    path: '/mentionables',
    summary: 'Users to @mention, by name: people who share a project with the caller, and people with a public profile',
    tags: ['users'],
    auth: 'required',
    query: MentionablesQuery,
    response: MentionableList,
    errors: { 401: 'Not signed in' },
  }),
  adminDeleteUser: route({
    method: 'delete',
    path: '/admin/user',
    summary: "Delete another user's account (confirmed with the admin's own password)",
    tags: ['admin'],
    auth: 'required',
    body: AdminDeleteUserBody,
    status: 204,
    errors: { 400: 'Wrong password or bad e-mail', 401: 'Not signed in', 403: 'Not an admin', 404: 'No such user' },
  }),
  adminClearTerms: route({
    method: 'delete',
    path: '/admin/user/tnc',
    summary: "Clear a user's terms acceptance (they must accept again)",
    tags: ['admin'],
    auth: 'required',
    body: AdminClearTermsBody,
    status: 204,
    errors: { 400: 'Bad e-mail', 401: 'Not signed in', 403: 'Not an admin', 404: 'No such user' },
  }),
  adminSearchUsers: route({
    method: 'post',
    path: '/admin/users/search',
    summary: 'Find users by name or e-mail',
    tags: ['admin'],
    auth: 'required',
    query: UserSearchQuery,
    response: UserSearchResult,
    errors: { 400: 'Empty query', 401: 'Not signed in', 403: 'Not an admin' },
  }),
  status: route({
    method: 'get',
    path: '/status',
    summary: 'Server identity and the health of its stores and projections',
    tags: ['operations'],
    auth: 'optional',
    response: Status,
    errors: { 503: 'A store is unreachable' },
  }),
} as const;
