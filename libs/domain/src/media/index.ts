export * from './media.rules.js';
