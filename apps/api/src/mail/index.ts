/**
 * Outgoing mail. What other features may use.
 * Another feature imports this folder only through this file (lint: API feature zones).
 */
export { MAILER } from './mail.module.js';
