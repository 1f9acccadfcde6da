import { route } from '../http/route.js';
import {
  AuditCorrelation,
  AuditCorrelationParams,
  AuditHistory,
  AuditHistoryQuery,
  AuditStreamParams,
} from './audit.contract.js';

/** Audit replay (issue 29; docs/audit.md). */
export const auditRoutes = {
  auditStream: route({
    method: 'get',
    path: '/audit/streams/{stream}',
    summary: "A stream's events, and its state as of one of them with that event's changes (docs/audit.md)",
    tags: ['audit'],
    auth: 'required',
    params: AuditStreamParams,
    query: AuditHistoryQuery,
    response: AuditHistory,
    errors: {
      400: 'Bad parameter',
      401: 'Not signed in',
      403: 'Not an administrator of it',
      404: 'No such stream (for the asker)',
    },
  }),
  auditCorrelation: route({
    method: 'get',
    path: '/audit/correlations/{id}',
    summary: 'The events one request caused, across the streams the asker may read',
    tags: ['audit'],
    auth: 'required',
    params: AuditCorrelationParams,
    response: AuditCorrelation,
    errors: { 400: 'Bad id', 401: 'Not signed in', 404: 'None the asker may see' },
  }),
} as const;
