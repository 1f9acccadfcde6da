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
    summary:
      "A stream's events (type, time, positions, actor, correlation and causation ids, data) a page at a time, and the state as of one of them (by position or time), folded with the aggregate's own evolve, with the field-by-field change from the event before",
    tags: ['audit'],
    auth: 'required',
    params: AuditStreamParams,
    query: AuditHistoryQuery,
    response: AuditHistory,
    errors: {
      400: 'A parameter is not valid',
      401: 'Not signed in',
      403: 'Only administrators of the project (owners of the station, site admins for other streams) see its history',
      404: 'No such stream, or one the asker may not know of',
    },
  }),
  auditCorrelation: route({
    method: 'get',
    path: '/audit/correlations/{id}',
    summary: 'Every event one request or chain caused, across streams, that the asker may see the history of',
    tags: ['audit'],
    auth: 'required',
    params: AuditCorrelationParams,
    response: AuditCorrelation,
    errors: { 400: 'Not a correlation id', 401: 'Not signed in', 404: 'No events the asker may see carry this id' },
  }),
} as const;
