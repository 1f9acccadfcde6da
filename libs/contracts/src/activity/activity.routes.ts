import { IdParams } from '../common/params.contract.js';
import { route } from '../http/route.js';
import { ActivityList } from './activity.contract.js';

/** The project activity feed (spec §2 Project page, activity panel). */
export const activityRoutes = {
  projectActivity: route({
    method: 'get',
    path: '/projects/{id}/activity',
    summary:
      'What happened in a project, newest first (at most 50): its updates, and the deployments and uploads of the stations it holds',
    tags: ['projects'],
    auth: 'optional',
    params: IdParams,
    response: ActivityList,
    errors: { 400: 'The id is not a number', 403: 'The project is private', 404: 'No such project' },
  }),
} as const;
