import { route } from '../http/route.js';
import { ANALYSIS_MEDIA_TYPES, AnalysisQueryBody, AnalysisResult, AnalysisSchema } from './analysis.contract.js';
import { z } from 'zod';

/** Bulk analysis (issue 30): read-only SQL over the stations the caller may read. */
export const analysisRoutes = {
  analysisQuery: route({
    method: 'post',
    path: '/analysis/query',
    summary:
      'Runs one read-only SQL statement over the analysis tables, seeing only the stations the caller may read; answers JSON, CSV or JSON lines by Accept, with X-Analysis-Rows and X-Analysis-Elapsed-Ms',
    tags: ['analysis'],
    auth: 'required',
    body: AnalysisQueryBody,
    response: AnalysisResult,
    alternatives: { [ANALYSIS_MEDIA_TYPES.csv]: z.string(), [ANALYSIS_MEDIA_TYPES.jsonLines]: z.string() },
    errors: {
      400: 'The statement is refused (ANALYSIS.SYNTAX, ANALYSIS.NOT_ONE_SELECT, ANALYSIS.SETTINGS_NOT_ALLOWED, ANALYSIS.TABLE_NOT_ALLOWED, ANALYSIS.TABLE_FUNCTION_NOT_ALLOWED, ANALYSIS.FUNCTION_NOT_ALLOWED, ANALYSIS.OUTPUT_NOT_ALLOWED, ANALYSIS.STATEMENT_TOO_LONG), a limit was hit (ANALYSIS.LIMIT_EXCEEDED), the engine refused it (ANALYSIS.QUERY_FAILED), or Accept names no form we answer (ANALYSIS.FORMAT_NOT_ACCEPTABLE)',
    },
  }),
  analysisSchema: route({
    method: 'get',
    path: '/analysis/schema',
    summary: 'The tables a query may read, their columns, the limits, and the stations and sensors the caller may read',
    tags: ['analysis'],
    auth: 'required',
    response: AnalysisSchema,
  }),
} as const;
