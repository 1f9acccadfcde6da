export { createEnvironment, DEFAULT_SITE, M2_PERIOD } from './environment.js';
export type { Environment, SimulationSite, WeatherEvent } from './environment.js';
export { generatorFor, oxygenSaturation } from './generators.js';
export type { MinuteLattice, SensorGenerator, SeriesContext } from './generators.js';
export { seedOf } from './random.js';
export * from './simulate.js';
