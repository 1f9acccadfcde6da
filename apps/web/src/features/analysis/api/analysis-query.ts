import { ANALYSIS_MEDIA_TYPES, type AnalysisMediaType, type AnalysisResult, analysisRoutes } from '@groundtruth/contracts';
import { useMutation } from '@tanstack/react-query';
import { callRoute, callRouteRaw } from '@/lib/call-route';

/** POST /analysis/query answered as JSON: columns, rows, count and the engine's elapsed time. */
export const runAnalysis = (sql: string): Promise<AnalysisResult> => callRoute(analysisRoutes.analysisQuery, { body: { sql } });

export const useRunAnalysis = () => useMutation({ mutationFn: runAnalysis });

/** The same query answered as a file (CSV or JSON lines), for a download. */
export const downloadAnalysis = async (sql: string, type: AnalysisMediaType): Promise<Blob> => {
  const { body } = await callRouteRaw(analysisRoutes.analysisQuery, {
    body: { sql },
    headers: { Accept: type },
    responseType: 'blob',
  });
  return body as Blob;
};

export { ANALYSIS_MEDIA_TYPES };
