/**
 * Audit replay: what other features (the console) may use.
 * Another feature imports this folder only through this file (lint: API feature zones).
 */
export { AuditModule } from './audit.module.js';
export { AuditHistoryQueries } from './queries/audit-history.queries.js';
