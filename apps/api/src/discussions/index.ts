/**
 * Discussions: comments, data events, notifications and moderation. What other features may use.
 * Another feature imports this folder only through this file (lint: API feature zones).
 */
export { DiscussionsModule } from './discussions.module.js';
export { PostgresIoAdapter } from './live/postgres-io.adapter.js';
