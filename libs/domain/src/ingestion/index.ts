export * from './ingestion.events.js';
export * from './ingestion.commands.js';
export * from './ingestion.decider.js';
