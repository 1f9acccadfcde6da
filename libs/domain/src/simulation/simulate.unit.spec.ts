import { MODULE_DEFINITIONS, SENSOR_DEFINITIONS, type ModuleDefinition } from '../sensors/catalogue.js';
import { createEnvironment, DAY, HOUR, M2_PERIOD, MINUTE, WEEK } from './environment.js';
import { generatorFor, oxygenSaturation } from './generators.js';
import { seedOf } from './random.js';
import {
  catalogueBounds,
  newestModuleDefinition,
  simulatedReadings,
  simulateModule,
  simulateStation,
  type SimulatedModule,
  type SimulationRange,
} from './simulate.js';

const JAN_1_2025 = Date.UTC(2025, 0, 1);
const seed = 'device-0001';
/** Greenwich: solar time is UTC, which keeps the hour checks readable. */
const site = { latitude: 51.5, longitude: 0 };

/** The newest definition of a module key, or the newest one having a sensor. */
const moduleOf = (key: string, sensorKey?: string): ModuleDefinition => {
  const module =
    sensorKey === undefined
      ? newestModuleDefinition(key)
      : MODULE_DEFINITIONS.filter((m) => m.key === key && m.sensors.some((s) => s.key === sensorKey)).at(-1);
  if (module === undefined) throw new Error(`no module ${key}`);
  return module;
};
const series = (simulated: SimulatedModule, key: string): Float64Array => {
  const found = simulated.sensors.find((s) => s.sensor.key === key);
  if (found === undefined) throw new Error(`no sensor ${key}`);
  return found.values;
};
const days = (start: number, count: number, step = 10 * MINUTE): SimulationRange => ({
  start,
  end: start + count * DAY,
  step,
});
const mean = (values: ArrayLike<number>) => Array.from(values).reduce((a, b) => a + b, 0) / values.length;
const hourOfMax = (times: Float64Array, values: Float64Array) => {
  // Mean value per UTC hour over the range, and the hour with the largest.
  const sums = new Array<number>(24).fill(0);
  const counts = new Array<number>(24).fill(0);
  times.forEach((t, i) => {
    const h = new Date(t).getUTCHours();
    sums[h]! += values[i]!;
    counts[h]! += 1;
  });
  const means = sums.map((s, h) => s / counts[h]!);
  return means.indexOf(Math.max(...means));
};

describe('station simulator', () => {
  describe('catalogue coverage', () => {
    it('has a generator for every sensor of every module of the catalogue', () => {
      const missing = SENSOR_DEFINITIONS.filter((s) => generatorFor(s.moduleKey, s.key) === undefined).map((s) => s.fullKey);
      expect(missing).toEqual([]);
    });

    it('simulates every module: finite values within the catalogue ranges', () => {
      for (const module of MODULE_DEFINITIONS) {
        const simulated = simulateModule(module, days(JAN_1_2025, 3), { seed, site });
        expect(simulated.sensors.map((s) => s.sensor.fullKey)).toEqual(module.sensors.map((s) => s.fullKey));
        for (const { sensor, values } of simulated.sensors) {
          const bounds = catalogueBounds(sensor);
          const outside = values.filter(
            (value) => !Number.isFinite(value) || (bounds !== undefined && (value < bounds.min || value > bounds.max)),
          );
          expect([sensor.fullKey, outside.length]).toEqual([sensor.fullKey, 0]);
        }
      }
    });

    it('reads a backwards range the right way round and ignores empty ones', () => {
      const altitude = SENSOR_DEFINITIONS.find((s) => s.fullKey === 'wh.floodnet.altitude')!;
      expect(catalogueBounds(altitude)).toEqual({ min: -500, max: 3000 });
      const tds = SENSOR_DEFINITIONS.find((s) => s.fullKey === 'fk.water.ec.tds')!;
      expect(catalogueBounds(tds)).toBeUndefined();
    });

    it('yields readings as {time, sensorKey, value}, time by time', () => {
      const readings = [
        ...simulatedReadings(
          moduleOf('fk.water.temp'),
          { start: JAN_1_2025, end: JAN_1_2025 + 3 * MINUTE, step: MINUTE },
          { seed },
        ),
      ];
      expect(readings.map((r) => [r.time, r.sensorKey])).toEqual([
        [JAN_1_2025, 'fk.water.temp.temp'],
        [JAN_1_2025 + MINUTE, 'fk.water.temp.temp'],
        [JAN_1_2025 + 2 * MINUTE, 'fk.water.temp.temp'],
      ]);
    });
  });

  describe('determinism', () => {
    it('gives the same readings for the same seed and others for another seed', () => {
      const weather = moduleOf('fk.weather', 'windSpeed');
      const a = simulateModule(weather, days(JAN_1_2025, 2), { seed });
      const b = simulateModule(weather, days(JAN_1_2025, 2), { seed });
      const c = simulateModule(weather, days(JAN_1_2025, 2), { seed: 'device-0002' });
      expect(a).toEqual(b);
      expect(series(a, 'temperature1')).not.toEqual(series(c, 'temperature1'));
      expect(seedOf('x')).toBe(seedOf('x'));
    });

    it('gives a value for an instant whatever the range around it (a year equals its days)', () => {
      for (const key of ['fk.weather', 'wh.floodnet', 'fk.diagnostics']) {
        const module = moduleOf(key);
        const whole = simulateModule(module, days(JAN_1_2025, 4, 5 * MINUTE), { seed });
        const lastDays = simulateModule(module, days(JAN_1_2025 + 2 * DAY, 2, 5 * MINUTE), { seed });
        for (const { sensor, values } of lastDays.sensors) {
          expect(Array.from(values)).toEqual(Array.from(series(whole, sensor.key).subarray(values.length)));
        }
      }
    });
  });

  describe('water', () => {
    const water = [
      moduleOf('fk.water.temp'),
      moduleOf('fk.water.ec'),
      moduleOf('fk.water.do', 'temperature'),
      moduleOf('fk.water.ph'),
    ];

    it('water temperature follows the day (warmest in the afternoon) and the seasons', () => {
      const july = Date.UTC(2025, 6, 1);
      const [temp] = simulateStation([water[0]!], days(july, 28), { seed, site });
      const warmest = hourOfMax(temp!.times, series(temp!, 'temp'));
      expect(warmest).toBeGreaterThanOrEqual(13);
      expect(warmest).toBeLessThanOrEqual(19);
      const [winter] = simulateStation([water[0]!], days(Date.UTC(2025, 1, 1), 28), { seed, site });
      expect(mean(series(temp!, 'temp'))).toBeGreaterThan(mean(series(winter!, 'temp')) + 10);
    });

    it('conductivity rises with temperature and DO falls with it', () => {
      const [temp, ec, dissolved] = simulateStation(water, days(JAN_1_2025, 365, HOUR), { seed, site });
      const t = series(temp!, 'temp');
      const cold = Array.from(t.keys()).filter((i) => t[i]! < 10);
      const warm = Array.from(t.keys()).filter((i) => t[i]! > 20);
      expect(cold.length).toBeGreaterThan(100);
      expect(warm.length).toBeGreaterThan(100);
      const at = (values: Float64Array, indices: number[]) => mean(indices.map((i) => values[i]!));
      const doValues = series(dissolved!, 'do');
      expect(at(doValues, warm)).toBeLessThan(at(doValues, cold) - 10);
      const ecValues = series(ec!, 'ec');
      expect(at(ecValues, warm)).toBeGreaterThan(at(ecValues, cold));
      // The DO sensor's own thermometer reads the same water.
      expect(mean(series(dissolved!, 'temperature'))).toBeCloseTo(mean(t), 0);
      expect(oxygenSaturation(25)).toBeLessThan(oxygenSaturation(5));
    });

    it('pH and ORP drift slowly around neutral-ish water', () => {
      const [ph] = simulateStation([water[3]!], days(JAN_1_2025, 60, HOUR), { seed, site });
      const values = series(ph!, 'ph');
      expect(Math.min(...values)).toBeGreaterThan(6.5);
      expect(Math.max(...values)).toBeLessThan(8.5);
      // Slow: an hour apart, readings barely move.
      const jumps = values.filter((v, i) => i > 0 && Math.abs(v - values[i - 1]!) >= 0.15);
      expect(jumps).toHaveLength(0);
      const orp = simulateModule(moduleOf('fk.water.orp'), days(JAN_1_2025, 60, HOUR), { seed, site });
      expect(Math.abs(mean(series(orp, 'orp')) - 320)).toBeLessThan(80);
    });
  });

  describe('flood', () => {
    const flood = moduleOf('wh.floodnet');

    it('the tide rises to high water twice a lunar day (12.42 h apart)', () => {
      const simulated = simulateModule(flood, days(Date.UTC(2025, 5, 2), 10, 6 * MINUTE), { seed, site });
      const tide = series(simulated, 'tideFeet');
      const highs: number[] = [];
      for (let i = 1; i < tide.length - 1; i++) {
        if (tide[i]! > tide[i - 1]! && tide[i]! >= tide[i + 1]! && tide[i]! > 3) highs.push(simulated.times[i]!);
      }
      // About 1.93 high waters a day, give or take a storm.
      expect(highs.length).toBeGreaterThanOrEqual(18);
      expect(highs.length).toBeLessThanOrEqual(21);
      const gaps = highs.slice(1).map((t, i) => t - highs[i]!);
      expect(mean(gaps) / HOUR).toBeCloseTo(M2_PERIOD / HOUR, 0);
    });

    it('the street is dry (depth exactly 0) most of the time and floods in storms', () => {
      const year = simulateModule(flood, days(JAN_1_2025, 365, 15 * MINUTE), { seed, site });
      const depth = series(year, 'depth');
      const dry = depth.filter((d) => d === 0).length / depth.length;
      expect(dry).toBeGreaterThan(0.9);
      expect(Math.max(...depth)).toBeGreaterThan(4);
      // Flooding happens during the environment's weather events.
      const env = createEnvironment(seedOf(seed), site);
      year.times.forEach((t, i) => {
        if (depth[i]! > 0 && env.eventsAt(t).length === 0) expect(env.tideFeet(t)).toBeGreaterThan(6.4 - 0.1);
      });
    });
  });

  describe('weather', () => {
    const weather = moduleOf('fk.weather', 'windSpeed');

    it('air temperature peaks in the afternoon and humidity at night', () => {
      const simulated = simulateModule(weather, days(Date.UTC(2025, 5, 1), 30), { seed, site });
      const warmest = hourOfMax(simulated.times, series(simulated, 'temperature1'));
      expect(warmest).toBeGreaterThanOrEqual(12);
      expect(warmest).toBeLessThanOrEqual(17);
      const dampest = hourOfMax(simulated.times, series(simulated, 'humidity'));
      expect(dampest < 9 || dampest > 21).toBe(true);
    });

    it('wind windows: hourly max ≥ 10-minute max ≥ the current gust; 2-minute mean between gusts', () => {
      const simulated = simulateModule(weather, days(JAN_1_2025, 5, MINUTE), { seed, site });
      const now = series(simulated, 'windSpeed');
      const tenMinutes = series(simulated, 'wind10mMaxSpeed');
      const hour = series(simulated, 'windHrMaxSpeed');
      const twoMinutes = series(simulated, 'wind2mAvgSpeed');
      const wrong: number[] = [];
      for (let i = 60; i < now.length; i++) {
        const ok =
          hour[i]! >= tenMinutes[i]! &&
          tenMinutes[i]! >= now[i]! &&
          tenMinutes[i] === Math.max(...now.subarray(i - 9, i + 1)) &&
          Math.abs(twoMinutes[i]! - (now[i]! + now[i - 1]!) / 2) < 1e-9;
        if (!ok) wrong.push(i);
      }
      expect(wrong).toEqual([]);
      for (const key of ['windDir', 'windHrMaxDir', 'wind10mMaxDir', 'wind2mAvgDir']) {
        expect(series(simulated, key).filter((d) => !(d >= 0 && d <= 360))).toHaveLength(0);
      }
    });

    it('rain comes in bursts; this hour accumulates and resets, the previous hour is the last total', () => {
      const simulated = simulateModule(weather, days(JAN_1_2025, 60, MINUTE), { seed, site });
      const rain = series(simulated, 'rain');
      const thisHour = series(simulated, 'rainThisHour');
      const prevHour = series(simulated, 'rainPrevHour');
      expect(rain.filter((r) => r > 0).length).toBeGreaterThan(60);
      expect(rain.filter((r) => r === 0).length / rain.length).toBeGreaterThan(0.8);
      const close = (a: number, b: number) => Math.abs(a - b) < 1e-9;
      const wrong: number[] = [];
      let checkedHours = 0;
      for (let i = 61; i < rain.length; i++) {
        const minute = new Date(simulated.times[i]!).getUTCMinutes();
        if (minute === 0) {
          checkedHours += 1;
          if (!close(thisHour[i]!, rain[i]!) || !close(prevHour[i]!, thisHour[i - 1]!)) wrong.push(i);
        } else if (!close(thisHour[i]!, thisHour[i - 1]! + rain[i]!) || prevHour[i] !== prevHour[i - 1]) {
          wrong.push(i);
        }
      }
      expect(wrong).toEqual([]);
      expect(checkedHours).toBeGreaterThan(1000);
    });

    it('pressure stays near sea-level and dips in storms', () => {
      const simulated = simulateModule(weather, days(JAN_1_2025, 365, HOUR), { seed, site });
      const pressure = series(simulated, 'pressure');
      expect(Math.min(...pressure)).toBeGreaterThan(96);
      expect(Math.max(...pressure)).toBeLessThan(104);
    });
  });

  describe('diagnostics', () => {
    const diagnostics = moduleOf('fk.diagnostics');

    it('the battery charges by day from the solar panel and drains at night', () => {
      const simulated = simulateModule(diagnostics, days(Date.UTC(2025, 5, 1), 20), { seed, site });
      const charge = series(simulated, 'batteryCharge');
      const solar = series(simulated, 'solarMa');
      const sunAtMidnight = simulated.times.filter((t, i) => new Date(t).getUTCHours() <= 1 && solar[i] !== 0);
      expect(sunAtMidnight).toHaveLength(0);
      expect(charge.filter((c) => c < 0 || c > 100)).toHaveLength(0);
      expect(hourOfMax(simulated.times, solar)).toBeGreaterThanOrEqual(11);
      expect(hourOfMax(simulated.times, solar)).toBeLessThanOrEqual(13);
      const fullest = hourOfMax(simulated.times, charge);
      expect(fullest).toBeGreaterThanOrEqual(15);
      expect(fullest).toBeLessThanOrEqual(18);
    });

    it('uptime grows and resets at restarts, about weekly', () => {
      const simulated = simulateModule(diagnostics, days(JAN_1_2025, 70, MINUTE), { seed, site });
      const uptime = series(simulated, 'uptime');
      let restarts = 0;
      let otherSteps = 0;
      for (let i = 1; i < uptime.length; i++) {
        if (uptime[i]! < uptime[i - 1]!) restarts += 1;
        else if (uptime[i]! - uptime[i - 1]! !== MINUTE) otherSteps += 1;
      }
      expect(otherSteps).toBe(0);
      expect(restarts).toBeGreaterThanOrEqual(7);
      expect(restarts).toBeLessThanOrEqual(13);
      expect(series(simulated, 'freeMemory').filter((bytes) => !Number.isInteger(bytes) || bytes < 80_000)).toHaveLength(0);
    });
  });

  describe('random and testing', () => {
    it('random0..9 are independent uniform numbers', () => {
      const simulated = simulateModule(moduleOf('fk.random'), days(JAN_1_2025, 7, MINUTE), { seed });
      const zero = series(simulated, 'random0');
      const nine = series(simulated, 'random9');
      expect(mean(zero)).toBeGreaterThan(48);
      expect(mean(zero)).toBeLessThan(52);
      expect(zero).not.toEqual(nine);
    });

    it('sin swings between -1 and 1 once a day; saw.weekly rises all week and restarts on Monday', () => {
      const simulated = simulateModule(moduleOf('fk.testing'), days(Date.UTC(2025, 0, 6), 21, 10 * MINUTE), { seed });
      const sin = series(simulated, 'sin');
      expect(Math.max(...sin)).toBeCloseTo(1, 3);
      expect(Math.min(...sin)).toBeCloseTo(-1, 3);
      const saw = series(simulated, 'saw.weekly');
      expect(saw[0]).toBe(0);
      for (let i = 1; i < saw.length; i++) {
        const monday = (simulated.times[i]! - Date.UTC(2025, 0, 6)) % WEEK === 0;
        if (monday) expect(saw[i]).toBe(0);
        else expect(saw[i]!).toBeGreaterThan(saw[i - 1]!);
      }
      expect(Math.max(...saw)).toBeLessThanOrEqual(1000);
    });
  });

  it('simulates a year of one-minute readings well within a second per sensor', () => {
    const year = days(JAN_1_2025, 365, MINUTE);
    for (const [key, sensorKey] of [['fk.weather', 'windSpeed'], ['wh.floodnet'], ['fk.water.do', 'temperature']] as const) {
      const module = moduleOf(key, sensorKey);
      // CPU time of this process, so that other work on the machine does not count.
      const began = process.cpuUsage();
      const simulated = simulateModule(module, year, { seed });
      const used = process.cpuUsage(began);
      const perSensor = (used.user + used.system) / 1000 / module.sensors.length;
      expect(simulated.times.length).toBe(525_600);
      expect(perSensor).toBeLessThan(1000);
    }
  });
});
