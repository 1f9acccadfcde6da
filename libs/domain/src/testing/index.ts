export * from './given-when-then.js';
