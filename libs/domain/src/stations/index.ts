export * from './station.events.js';
export * from './station.commands.js';
export * from './station.rules.js';
export * from './station.decider.js';
export * from './station-status.js';
export * from './nearby.js';
export * from './device-id.js';
export * from './map-reading.js';
