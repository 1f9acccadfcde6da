import { type ExportFormat, type ExportJob, exportRoutes } from '@groundtruth/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, callRouteBlob } from '@/lib/call-route';
import type { ExportRequest } from '../utils/export-request';

/** Spec §9: an export's status is polled once a second until it ends. */
export const EXPORT_POLL_MS = 1000;

const isOver = (job: ExportJob): boolean => job.state === 'done' || job.state === 'failed' || job.state === 'expired';

/** POST /export/csv or /export/json-lines (spec §7): queues the export and answers its record. */
export const startExport = (format: ExportFormat, request: ExportRequest): Promise<ExportJob> =>
  callRoute(format === 'csv' ? exportRoutes.exportCsv : exportRoutes.exportJsonLines, {
    query: {
      stations: request.stations.join(','),
      sensors: request.sensors.join(','),
      start: request.start,
      end: request.end,
      tz: request.tz,
    },
  });

export const exportHistoryQueryKey = ['exports'] as const;

/** GET /export: the caller's exports; re-polled each second while one of them is unfinished (spec §4). */
export const useExportHistory = (enabled: boolean) =>
  useQuery({
    ...queryOptions({
      queryKey: exportHistoryQueryKey,
      queryFn: ({ signal }) => callRoute(exportRoutes.exportHistory, { signal }),
    }),
    enabled,
    refetchInterval: (query) => (query.state.data?.exports.some((job) => !isOver(job)) ? EXPORT_POLL_MS : false),
  });

/** GET /export/{token}: one export, polled each second until it is done or failed. */
export const useExportStatus = (token: string | null) =>
  useQuery({
    queryKey: ['exports', token] as const,
    queryFn: ({ signal }) => callRoute(exportRoutes.exportStatus, { params: { token: token ?? '' }, signal }),
    enabled: token !== null,
    refetchInterval: (query) => (query.state.data && isOver(query.state.data) ? false : EXPORT_POLL_MS),
  });

/**
 * GET /export/{token}/download: the file, fetched with the session's token (the download is
 * authenticated) and handed to the browser under the export's own file name.
 */
export const downloadExport = async (job: ExportJob): Promise<void> => {
  const blob = await callRouteBlob(exportRoutes.exportDownload, { params: { token: job.token } });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = job.fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has taken the file once the click is handled; free the bytes a moment later.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
