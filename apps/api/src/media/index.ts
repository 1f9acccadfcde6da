/**
 * Photos and audio kept for accounts, projects and stations. What other features may use.
 * Another feature imports this folder only through this file (lint: API feature zones).
 */
export { MediaStore, sniffAudio, sniffImage } from './media-store.js';
export { sendMedia } from './send-media.js';
