export * from './ingestion.events.js';
export * from './ingestion.commands.js';
export * from './ingestion.decider.js';
export * from './lorawan-webhook.events.js';
export * from './lorawan-webhook.commands.js';
export * from './lorawan-webhook.rules.js';
export * from './lorawan-webhook.decider.js';
