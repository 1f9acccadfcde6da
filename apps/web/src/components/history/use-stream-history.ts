import { type AuditCorrelation, type AuditHistory, auditRoutes } from '@groundtruth/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';

/**
 * GET /audit/streams/{stream}: a page of the stream's events and its state as of `at` (null: the
 * latest event), with the change that event made.
 */
export const getStreamHistory = (
  streamId: string,
  at: number | null,
  limit: number,
  signal?: AbortSignal,
): Promise<AuditHistory> =>
  callRoute(auditRoutes.auditStream, { params: { stream: streamId }, query: at === null ? { limit } : { at, limit }, signal });

export const streamHistoryQueryOptions = (streamId: string, at: number | null, limit: number) =>
  queryOptions({
    queryKey: ['audit', 'stream', streamId, at, limit] as const,
    queryFn: ({ signal }) => getStreamHistory(streamId, at, limit, signal),
  });

/** Keeps the last answer on screen while the next event's state loads, so the slider does not flash. */
export const useStreamHistory = (streamId: string, at: number | null, limit: number) =>
  useQuery({ ...streamHistoryQueryOptions(streamId, at, limit), placeholderData: keepPreviousData });

/** GET /audit/correlations/{id}: everything one request caused, in the streams the asker may read. */
export const useCorrelation = (correlationId: string | null) =>
  useQuery({
    queryKey: ['audit', 'correlation', correlationId] as const,
    queryFn: ({ signal }): Promise<AuditCorrelation> =>
      callRoute(auditRoutes.auditCorrelation, { params: { id: correlationId ?? '' }, signal }),
    enabled: correlationId !== null,
  });
