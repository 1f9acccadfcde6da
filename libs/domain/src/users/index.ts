export * from './user.rules.js';
