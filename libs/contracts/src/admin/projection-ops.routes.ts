import { IdParams } from '../common/params.contract.js';
import { route } from '../http/route.js';
import {
  ProjectionFailureList,
  ProjectionFailuresQuery,
  ProjectionNameParams,
  ProjectionRequestAnswer,
} from './projection-ops.contract.js';

const adminOnly = { 401: 'Not signed in', 403: 'Not an admin' } as const;

/**
 * The console's Projections beyond their state (issue 28 item 6): the events that stopped one, retry
 * or skip of such an event, and a rebuild of one projection or all. Each command is an event in the
 * log with the admin as its actor; the projector acts on it.
 */
export const projectionOpsRoutes = {
  adminListProjectionFailures: route({
    method: 'get',
    path: '/admin/projection-failures',
    summary: 'Events a projection stopped on, with the error and the answer once given (list convention as above)',
    tags: ['admin'],
    auth: 'required',
    query: ProjectionFailuresQuery,
    response: ProjectionFailureList,
    errors: { 400: 'A sort, range or filter that is not JSON or names an unknown field', ...adminOnly },
  }),
  adminRetryProjectionFailure: route({
    method: 'post',
    path: '/admin/projection-failures/{id}/retry',
    summary: 'Apply the failed event again, its cause fixed (a recorded command)',
    tags: ['admin'],
    auth: 'required',
    params: IdParams,
    response: ProjectionRequestAnswer,
    errors: { 404: 'No such failed event', 409: 'Already retried or skipped', ...adminOnly },
  }),
  adminSkipProjectionFailure: route({
    method: 'post',
    path: '/admin/projection-failures/{id}/skip',
    summary: 'Leave the failed event out of the read model and its rebuilds (a recorded command)',
    tags: ['admin'],
    auth: 'required',
    params: IdParams,
    response: ProjectionRequestAnswer,
    errors: { 404: 'No such failed event', 409: 'Already retried or skipped', ...adminOnly },
  }),
  adminRebuildProjection: route({
    method: 'post',
    path: '/admin/projections/{name}/rebuild',
    summary:
      'Rebuild one projection or `all` into fresh tables swapped in at the end (a recorded command; progress in GET /admin/projections)',
    tags: ['admin'],
    auth: 'required',
    params: ProjectionNameParams,
    response: ProjectionRequestAnswer,
    errors: { 400: 'Not a projection name', 404: 'No such projection', ...adminOnly },
  }),
} as const;
