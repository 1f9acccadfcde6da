/**
 * Uploads of readings. What other features may use (its processing is the projector's, issue 26).
 * Another feature imports this folder only through this file (lint: API feature zones).
 */
export { UploadStates } from './queries/upload-states.js';
