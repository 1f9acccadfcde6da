import { IdParams } from '../common/params.contract.js';
import { route } from '../http/route.js';
import {
  BookmarkQuery,
  DataEventAnswer,
  DataEventList,
  DataEventsQuery,
  DiscussionList,
  EditDataEventBody,
  EditPostBody,
  NewDataEventBody,
  NewPostBody,
  PostAnswer,
} from './discussions.contract.js';
import {
  AcknowledgeQuery,
  CancelReportQuery,
  ModerationContent,
  ModerationContentParams,
  ModerationPageQuery,
  ModerationRequest,
  ModerationRequestPage,
  ReportBody,
} from './moderation.contract.js';
import { NotificationPage, NotificationsQuery, SeenBody } from './notifications.contract.js';

const privateProject = 'The project is private and the asker is not on its team';
const badBody =
  'A field is missing, or the text is not a document the editor writes: unknown nodes or marks, a link that is not http(s) or mailto, too long, too deep (field errors)';

/** Comments and replies on a project or a saved workspace (spec §7 Discussion and events). */
export const discussionRoutes = {
  projectDiscussion: route({
    method: 'get',
    path: '/discussion/projects/{id}',
    summary: "A project's comments, newest thread first, each with its replies (oldest first)",
    tags: ['discussion'],
    auth: 'optional',
    params: IdParams,
    response: DiscussionList,
    errors: { 400: 'The id is not a number', 403: privateProject, 404: 'No such project' },
  }),
  bookmarkDiscussion: route({
    method: 'get',
    path: '/discussion',
    summary: "A saved workspace's comments (by its bookmark token), newest thread first",
    tags: ['discussion'],
    auth: 'optional',
    query: BookmarkQuery,
    response: DiscussionList,
    errors: { 400: 'No bookmark token', 404: 'No bookmark has this token' },
  }),
  createPost: route({
    method: 'post',
    path: '/discussion',
    summary: 'Write a comment on a project or a workspace, or a reply (with `threadId`, one level deep)',
    tags: ['discussion'],
    auth: 'required',
    body: NewPostBody,
    response: PostAnswer,
    status: 201,
    errors: {
      400: `${badBody}; a reply to a reply`,
      401: 'Not signed in',
      403: privateProject,
      404: 'No such project, workspace or thread',
      409: 'The comment answered has been deleted',
    },
  }),
  editPost: route({
    method: 'post',
    path: '/discussion/{id}',
    summary: 'Edit one of your comments (every edit is kept in its history; readers see "edited")',
    tags: ['discussion'],
    auth: 'required',
    params: IdParams,
    body: EditPostBody,
    response: PostAnswer,
    errors: { 400: badBody, 401: 'Not signed in', 403: 'Not its author', 404: 'No such comment' },
  }),
  deletePost: route({
    method: 'delete',
    path: '/discussion/{id}',
    summary: 'Delete one of your comments; one with replies stays as a "deleted" placeholder',
    tags: ['discussion'],
    auth: 'required',
    params: IdParams,
    status: 204,
    errors: { 400: 'The id is not a number', 401: 'Not signed in', 403: 'Not its author', 404: 'No such comment' },
  }),
};

/** Data events: titled moments or spans drawn on the charts of the sensors they are about. */
export const dataEventRoutes = {
  dataEvents: route({
    method: 'get',
    path: '/data-events',
    summary:
      "A saved workspace's data events (`bookmark`), or those about any of these stations (`stations`, for charts): project events only where the asker reads the project",
    tags: ['discussion'],
    auth: 'optional',
    query: DataEventsQuery,
    response: DataEventList,
    errors: {
      400: 'Neither a bookmark nor stations, or not ids',
      403: 'A station the asker may not read',
      404: 'No bookmark has this token',
    },
  }),
  projectDataEvents: route({
    method: 'get',
    path: '/data-events/projects/{id}',
    summary: "A project's data events, by start",
    tags: ['discussion'],
    auth: 'optional',
    params: IdParams,
    response: DataEventList,
    errors: { 400: 'The id is not a number', 403: privateProject, 404: 'No such project' },
  }),
  createDataEvent: route({
    method: 'post',
    path: '/data-events',
    summary:
      'Mark a data event: on a project (its Administrators and site admins) or a workspace (site admins), about all project sensors or only the chosen ones',
    tags: ['discussion'],
    auth: 'required',
    body: NewDataEventBody,
    response: DataEventAnswer,
    status: 201,
    errors: {
      400: `${badBody}; end before start; no sensors`,
      401: 'Not signed in',
      403: 'Not an Administrator of the project, nor a site admin',
      404: 'No such project or workspace',
    },
  }),
  editDataEvent: route({
    method: 'post',
    path: '/data-events/{id}',
    summary: 'Edit one of your data events',
    tags: ['discussion'],
    auth: 'required',
    params: IdParams,
    body: EditDataEventBody,
    response: DataEventAnswer,
    errors: { 400: badBody, 401: 'Not signed in', 403: 'Not its author', 404: 'No such data event' },
  }),
  deleteDataEvent: route({
    method: 'delete',
    path: '/data-events/{id}',
    summary: 'Delete one of your data events',
    tags: ['discussion'],
    auth: 'required',
    params: IdParams,
    status: 204,
    errors: { 400: 'The id is not a number', 401: 'Not signed in', 403: 'Not its author', 404: 'No such data event' },
  }),
};

/** The caller's notifications (the table is the truth; the socket at /notifications only delivers). */
export const notificationRoutes = {
  notifications: route({
    method: 'get',
    path: '/notifications',
    summary: 'Your notifications, newest first, paged; `since` gives only those after an id (what a client missed)',
    tags: ['notifications'],
    auth: 'required',
    query: NotificationsQuery,
    response: NotificationPage,
    errors: { 400: 'A query value is not valid', 401: 'Not signed in' },
  }),
  notificationsSeen: route({
    method: 'post',
    path: '/notifications/seen',
    summary: 'Mark notifications seen; an empty list marks all you have',
    tags: ['notifications'],
    auth: 'required',
    body: SeenBody,
    status: 204,
    errors: { 400: 'Not a list of ids', 401: 'Not signed in' },
  }),
};

const moderatorsOnly = 'Not a moderator';

/** Reports and the moderators' queue (spec §7 Moderation). */
export const moderationRoutes = {
  reportPost: route({
    method: 'post',
    path: '/moderation',
    summary: 'Report a post; a second report of the same post joins its open request',
    tags: ['moderation'],
    auth: 'required',
    body: ReportBody,
    status: 204,
    errors: {
      400: 'Not a post id and type',
      401: 'Not signed in',
      403: 'Your own post, or one you may not read',
      404: 'No such post',
    },
  }),
  cancelReport: route({
    method: 'delete',
    path: '/moderation/cancel',
    summary: 'Withdraw your report of a post',
    tags: ['moderation'],
    auth: 'required',
    query: CancelReportQuery,
    status: 204,
    errors: { 400: 'Not a post id and type', 401: 'Not signed in', 404: 'You have not reported this post' },
  }),
  moderationRequests: route({
    method: 'get',
    path: '/moderation/requests',
    summary: 'The moderation queue, newest first, paged (size 10 by default)',
    tags: ['moderation'],
    auth: 'required',
    query: ModerationPageQuery,
    response: ModerationRequestPage,
    errors: { 400: 'A query value is not valid', 401: 'Not signed in', 403: moderatorsOnly },
  }),
  moderationContent: route({
    method: 'get',
    path: '/moderation/content/{a}/{b}',
    summary: 'The reported post (`a` its type, `b` its id) as its author last wrote it',
    tags: ['moderation'],
    auth: 'required',
    params: ModerationContentParams,
    response: ModerationContent,
    errors: { 400: 'Not a post type and id', 401: 'Not signed in', 403: moderatorsOnly, 404: 'No such post' },
  }),
  acknowledgeReport: route({
    method: 'post',
    path: '/moderation/requests/{id}/acknowledge',
    summary: 'Acknowledge a request: delete the post or keep it. The second moderator gets a 409 saying what the first did',
    tags: ['moderation'],
    auth: 'required',
    params: IdParams,
    query: AcknowledgeQuery,
    response: ModerationRequest,
    errors: {
      400: 'The action is not delete or keep',
      401: 'Not signed in',
      403: moderatorsOnly,
      404: 'No such request',
      409: 'Already acknowledged by another moderator (the message says how), or withdrawn',
    },
  }),
};
