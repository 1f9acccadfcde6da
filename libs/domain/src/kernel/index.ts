export * from './messages.js';
export * from './domain-error.js';
export * from './decider.js';
export * from './upcasters.js';
