import { route } from '../http/route.js';
import { Status } from './status.contract.js';

/** The server's health (part of `routes`). */
export const statusRoutes = {
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
