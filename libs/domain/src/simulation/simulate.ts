import { MODULE_DEFINITIONS, type ModuleDefinition, type SensorDefinition } from '../sensors/catalogue.js';
import { createEnvironment, DEFAULT_SITE, type Environment, HOUR, MINUTE, type SimulationSite } from './environment.js';
import { generatorFor, type MinuteLattice, type SeriesContext } from './generators.js';
import { deriveSeed, seedOf } from './random.js';

/** Times in ms since the epoch: readings at start, start + step, … before end. */
export type SimulationRange = {
  readonly start: number;
  /** Exclusive. */
  readonly end: number;
  readonly step: number;
};

export type SimulationOptions = {
  /** The station's seed (a device id will do): the same seed gives the same readings. */
  readonly seed: number | string;
  readonly site?: SimulationSite;
};

export type SimulatedReading = {
  readonly time: number;
  /** The sensor's full key, `fk.water.temp.temp`. */
  readonly sensorKey: string;
  readonly value: number;
};

export type SimulatedSensorSeries = { readonly sensor: SensorDefinition; readonly values: Float64Array };

/** A module's readings in columns: `values[i]` of each sensor is the reading at `times[i]`. */
export type SimulatedModule = {
  readonly module: ModuleDefinition;
  readonly times: Float64Array;
  readonly sensors: readonly SimulatedSensorSeries[];
};

/** The newest catalogue definition with this module key (`fk.weather`), as new stations carry. */
export function newestModuleDefinition(moduleKey: string): ModuleDefinition | undefined {
  return MODULE_DEFINITIONS.filter((m) => m.key === moduleKey).at(-1);
}

/** The reading times of a range. */
export function simulationTimes(range: SimulationRange): Float64Array {
  if (!(range.step > 0) || !Number.isFinite(range.start) || !Number.isFinite(range.end)) {
    throw new RangeError('A simulation range needs a finite start and end and a positive step');
  }
  const count = Math.max(0, Math.ceil((range.end - range.start) / range.step));
  const times = new Float64Array(count);
  for (let i = 0; i < count; i++) times[i] = range.start + i * range.step;
  return times;
}

/**
 * The smallest and largest value the catalogue allows a sensor (over all its ranges; a range
 * written backwards counts the right way round, an empty one not at all), or undefined.
 */
export function catalogueBounds(sensor: SensorDefinition): { min: number; max: number } | undefined {
  let min = Infinity;
  let max = -Infinity;
  for (const range of sensor.ranges) {
    const low = Math.min(range.minimum, range.maximum);
    const high = Math.max(range.minimum, range.maximum);
    if (low === high) continue;
    min = Math.min(min, low);
    max = Math.max(max, high);
  }
  return min < max ? { min, max } : undefined;
}

/** A simulation context for one station and range: shared by its modules (same weather, same storms). */
export function simulationContext(range: SimulationRange, options: SimulationOptions): SeriesContext {
  const seed = seedOf(options.seed);
  const env: Environment = createEnvironment(seed, options.site ?? DEFAULT_SITE);
  // Windows look back up to an hour (and the previous clock hour): two hours of lattice before the start.
  const first = Math.floor(range.start / MINUTE) - (2 * HOUR) / MINUTE;
  const last = Math.floor((Math.max(range.start, range.end) - 1) / MINUTE);
  const lattices = new Map<string, MinuteLattice>();
  return {
    env,
    seed,
    step: range.step,
    lattice(name, f) {
      const found = lattices.get(name);
      if (found !== undefined) return found;
      const made = minuteLattice(first, Math.max(first, last), f);
      lattices.set(name, made);
      return made;
    },
  };
}

function minuteLattice(first: number, last: number, f: (time: number) => number): MinuteLattice {
  const values = new Float64Array(last - first + 1);
  for (let m = first; m <= last; m++) values[m - first] = f(m * MINUTE);
  let prefix: Float64Array | undefined;
  const argMaxes = new Map<number, Int32Array>();
  const index = (minute: number) => {
    const i = minute - first;
    if (i < 0 || i >= values.length) throw new RangeError(`minute ${minute} is outside the simulated range`);
    return i;
  };
  return {
    at: (minute) => values[index(minute)]!,
    sum(from, to) {
      if (prefix === undefined) {
        prefix = new Float64Array(values.length + 1);
        for (let i = 0; i < values.length; i++) prefix[i + 1] = prefix[i]! + values[i]!;
      }
      return prefix[index(to) + 1]! - prefix[index(from)]!;
    },
    argMax(minute, width) {
      let best = argMaxes.get(width);
      if (best === undefined) {
        best = slidingArgMax(values, width);
        argMaxes.set(width, best);
      }
      const i = index(minute);
      if (i - width + 1 < 0) throw new RangeError(`minute ${minute} has no full window in the simulated range`);
      return best[i]! + first;
    },
  };
}

/** For each i, the index of the largest of values[i - width + 1 .. i] (a monotonic deque, O(n)). */
function slidingArgMax(values: Float64Array, width: number): Int32Array {
  const best = new Int32Array(values.length);
  const deque = new Int32Array(values.length);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < values.length; i++) {
    while (tail > head && values[deque[tail - 1]!]! <= values[i]!) tail--;
    deque[tail++] = i;
    if (deque[head]! <= i - width) head++;
    best[i] = deque[head]!;
  }
  return best;
}

/** Every sensor of a module over a range, kept within the catalogue's ranges. */
export function simulateModule(
  module: ModuleDefinition,
  range: SimulationRange,
  options: SimulationOptions,
  context: SeriesContext = simulationContext(range, options),
): SimulatedModule {
  const times = simulationTimes(range);
  const sensors = module.sensors.map((sensor) => {
    const generator = generatorFor(module.key, sensor.key);
    if (generator === undefined) throw new Error(`No simulator for ${sensor.fullKey}`);
    const values = generator(times, context, deriveSeed(context.seed, sensor.fullKey));
    const bounds = catalogueBounds(sensor);
    if (bounds !== undefined) {
      const { min, max } = bounds;
      for (let i = 0; i < values.length; i++) {
        const value = values[i]!;
        if (value < min) values[i] = min;
        else if (value > max) values[i] = max;
      }
    }
    return { sensor, values };
  });
  return { module, times, sensors };
}

/** A station's modules over one range, sharing one world (weather, storms, tides). */
export function simulateStation(
  modules: readonly ModuleDefinition[],
  range: SimulationRange,
  options: SimulationOptions,
): SimulatedModule[] {
  const context = simulationContext(range, options);
  return modules.map((module) => simulateModule(module, range, options, context));
}

/** The readings of a module one by one, time by time: `{time, sensorKey, value}`. */
export function* simulatedReadings(
  module: ModuleDefinition,
  range: SimulationRange,
  options: SimulationOptions,
): Generator<SimulatedReading> {
  const simulated = simulateModule(module, range, options);
  for (let i = 0; i < simulated.times.length; i++) {
    for (const { sensor, values } of simulated.sensors) {
      yield { time: simulated.times[i]!, sensorKey: sensor.fullKey, value: values[i]! };
    }
  }
}
