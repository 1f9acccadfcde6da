/**
 * Exports: what other features (the audit's policy) may use.
 * Another feature imports this folder only through this file (lint: API feature zones).
 */
export { ExportsModule } from './exports.module.js';
export { ExportJobs } from './export-jobs.js';
