import { DAY, type Environment, HOUR, MINUTE, WEEK } from './environment.js';
import { deriveSeed, gaussian, smoothNoise, unit } from './random.js';

// Jest runs code in a vm context where every global lookup is slow: take what the loops need once.
const { PI, abs, atan2, cos, floor, max, min, round, sin } = Math;

/** Values of a function on the absolute one-minute grid (minute m = m × 60 s since the epoch). */
export type MinuteLattice = {
  /** The value at minute `minute` (which must lie in the lattice). */
  at(minute: number): number;
  /** Sum of minutes `from`..`to` inclusive. */
  sum(from: number, to: number): number;
  /** The minute holding the largest value of the `width` minutes ending at `minute` (the latest on ties). */
  argMax(minute: number, width: number): number;
};

export type SeriesContext = {
  readonly env: Environment;
  /** The station's seed. */
  readonly seed: number;
  /** The reading interval, ms. */
  readonly step: number;
  /**
   * The one-minute lattice of a function over the range asked for plus two hours before it,
   * computed once per name: windows (2-minute mean, 10-minute and hourly maxima) and rain totals
   * read it, so they do not depend on the reading interval or on where the range starts.
   */
  lattice(name: string, f: (time: number) => number): MinuteLattice;
};

/** The values of one sensor at the given times (ms since the epoch). */
export type SensorGenerator = (times: Float64Array, context: SeriesContext, sensorSeed: number) => Float64Array;

function pointwise(f: (time: number, context: SeriesContext, sensorSeed: number) => number): SensorGenerator {
  return (times, context, sensorSeed) => {
    const values = new Float64Array(times.length);
    for (let i = 0; i < times.length; i++) values[i] = f(times[i]!, context, sensorSeed);
    return values;
  };
}

/** White measurement noise, a function of the second so that it repeats for the same instant. */
const noise = (sensorSeed: number, time: number, sd: number) => sd * gaussian(sensorSeed, floor(time / 1000));

// ---- Water ----

/** Dissolved-oxygen solubility in fresh water at sea level, mg/L (Benson–Krause fit, 0–40 °C). */
export function oxygenSaturation(celsius: number): number {
  const t = min(40, max(0, celsius));
  return 14.652 - 0.41022 * t + 0.007991 * t * t - 0.000077774 * t * t * t;
}

/** Conductivity at 25 °C (specific conductance), µS/cm: a river that drifts and is diluted by rain. */
function conductivity25(time: number, context: SeriesContext): number {
  const seed = deriveSeed(context.seed, 'conductivity');
  const drift = 0.12 * smoothNoise(seed, time, 10 * DAY) + 0.04 * smoothNoise(seed ^ 1, time, DAY);
  // Runoff dilutes the river for a while after rain.
  const dilution = min(0.35, context.env.rainIntensity(time - 3 * HOUR) / 40);
  return 480 * (1 + drift - dilution);
}

/** Measured (not compensated) conductivity rises about 2 % per °C. */
const conductivity = (time: number, context: SeriesContext) =>
  conductivity25(time, context) * (1 + 0.0191 * (context.env.waterTemperature(time) - 25));

const waterGenerators: Record<string, SensorGenerator> = {
  temp: pointwise((t, c, s) => c.env.waterTemperature(t) + noise(s, t, 0.03)),
  ph: pointwise((t, c, s) => {
    const seed = deriveSeed(c.seed, 'ph');
    const drift = 0.35 * smoothNoise(seed, t, 14 * DAY) + 0.12 * smoothNoise(seed ^ 1, t, 2 * DAY);
    // Photosynthesis takes up CO2 by day: pH a little higher in the afternoon.
    const daily = 0.08 * cos((2 * PI * (c.env.solarHour(t) - 16)) / 24);
    return 7.5 + drift + daily + noise(s, t, 0.015);
  }),
  orp: pointwise((t, c, s) => {
    const seed = deriveSeed(c.seed, 'orp');
    return 320 + 80 * smoothNoise(seed, t, 7 * DAY) + 20 * smoothNoise(seed ^ 1, t, DAY) + noise(s, t, 3);
  }),
  ec: pointwise((t, c, s) => conductivity(t, c) * (1 + noise(s, t, 0.004))),
  /** Total dissolved solids, ppm: 0.65 × conductivity. */
  tds: pointwise((t, c, s) => 0.65 * conductivity(t, c) * (1 + noise(s, t, 0.004))),
  /** Practical salinity from conductivity (a fit good for fresh to sea water), PSU. */
  salinity: pointwise((t, c, s) => 0.4665 * (conductivity(t, c) / 1000) ** 1.0878 * (1 + noise(s, t, 0.004))),
  /**
   * Dissolved oxygen as a percent of the 0 °C saturation concentration: it follows solubility, so
   * warmer water holds less; plants add a little by day.
   */
  do: pointwise((t, c, s) => dissolvedOxygen(t, c, s)),
  dox: pointwise((t, c, s) => dissolvedOxygen(t, c, s)),
  pressure: pointwise((t, c, s) => c.env.pressure(t) + noise(s, t, 0.01)),
  temperature: pointwise((t, c, s) => c.env.waterTemperature(t) + noise(s, t, 0.05)),
};

function dissolvedOxygen(time: number, context: SeriesContext, sensorSeed: number): number {
  const daylight = 0.04 * max(0, context.env.sunElevation(time));
  const biology = 0.9 + daylight + 0.02 * smoothNoise(deriveSeed(context.seed, 'oxygen'), time, 3 * DAY);
  return (
    (100 * biology * oxygenSaturation(context.env.waterTemperature(time))) / oxygenSaturation(0) + noise(sensorSeed, time, 0.3)
  );
}

// ---- Weather ----

/** A gusty wind on the minute grid: the sustained speed times a gust factor. */
const gust = (context: SeriesContext) =>
  context.lattice('wind speed', (t) => {
    const seed = deriveSeed(context.seed, 'gusts');
    return context.env.windSpeed(t) * (0.75 + 0.5 * unit(seed, floor(t / MINUTE)));
  });
const gustDirection = (context: SeriesContext) =>
  context.lattice('wind direction', (t) => {
    const seed = deriveSeed(context.seed, 'gust direction');
    const d = context.env.windDirection(t) + 25 * gaussian(seed, floor(t / MINUTE));
    return ((d % 360) + 360) % 360;
  });
const rainMinutes = (context: SeriesContext) => context.lattice('rain', (t) => round((context.env.rainRate(t) / 60) * 100) / 100);

/** Maximum of the gusts over the `minutes` up to a time, and the direction it blew from. */
function windowMax(times: Float64Array, context: SeriesContext, minutes: number, pick: 'speed' | 'direction'): Float64Array {
  const speed = gust(context);
  const direction = gustDirection(context);
  const values = new Float64Array(times.length);
  for (let i = 0; i < times.length; i++) {
    const best = speed.argMax(floor(times[i]! / MINUTE), minutes);
    values[i] = pick === 'speed' ? speed.at(best) : direction.at(best);
  }
  return values;
}

/** Mean wind over the last two minutes: the speed, or the direction of the mean wind vector. */
function twoMinuteMean(times: Float64Array, context: SeriesContext, pick: 'speed' | 'direction'): Float64Array {
  const speed = gust(context);
  const direction = gustDirection(context);
  const values = new Float64Array(times.length);
  for (let i = 0; i < times.length; i++) {
    const m = floor(times[i]! / MINUTE);
    if (pick === 'speed') values[i] = (speed.at(m) + speed.at(m - 1)) / 2;
    else {
      let x = 0;
      let y = 0;
      for (const k of [m, m - 1]) {
        x += speed.at(k) * cos((direction.at(k) * PI) / 180);
        y += speed.at(k) * sin((direction.at(k) * PI) / 180);
      }
      const d = (atan2(y, x) * 180) / PI;
      values[i] = (d + 360) % 360;
    }
  }
  return values;
}

const gustNow: SensorGenerator = (times, context) => {
  const speed = gust(context);
  return times.map((t) => speed.at(floor(t / MINUTE)));
};
const gustDirectionNow: SensorGenerator = (times, context) => {
  const direction = gustDirection(context);
  return times.map((t) => direction.at(floor(t / MINUTE)));
};
/** The vane's voltage: 0–3.3 V over the compass. */
const vaneMillivolts: SensorGenerator = (times, context) => gustDirectionNow(times, context, 0).map((d) => (d / 360) * 3300);

/** Rain in the reading interval ending at each time, mm (a tipping bucket counted per reading). */
const rainPerReading: SensorGenerator = (times, context) => {
  const rain = rainMinutes(context);
  const minutes = max(1, round(context.step / MINUTE));
  return times.map((t) => {
    const m = floor(t / MINUTE);
    return rain.sum(m - minutes + 1, m);
  });
};
/** Rain since the top of the hour, mm. */
const rainThisHour: SensorGenerator = (times, context) => {
  const rain = rainMinutes(context);
  return times.map((t) => {
    const m = floor(t / MINUTE);
    return rain.sum(m - (m % 60), m);
  });
};
/** Rain in the previous clock hour, mm. */
const rainPrevHour: SensorGenerator = (times, context) => {
  const rain = rainMinutes(context);
  return times.map((t) => {
    const top = floor(t / MINUTE);
    const hourStart = top - (top % 60);
    return rain.sum(hourStart - 60, hourStart - 1);
  });
};

const weatherGenerators: Record<string, SensorGenerator> = {
  humidity: pointwise((t, c, s) => c.env.humidity(t) + noise(s, t, 0.4)),
  temperature1: pointwise((t, c, s) => c.env.airTemperature(t) + noise(s, t, 0.05)),
  /** The second thermometer sits in the pressure sensor, a little warmed by the sun. */
  temperature2: pointwise((t, c, s) => c.env.airTemperature(t) + 1.5 * c.env.sunlight(t) + 0.3 + noise(s, t, 0.05)),
  pressure: pointwise((t, c, s) => c.env.pressure(t) + noise(s, t, 0.005)),
  rain: rainPerReading,
  windSpeed: gustNow,
  wind: gustNow,
  windDir: gustDirectionNow,
  windDirMv: vaneMillivolts,
  windMv: vaneMillivolts,
  windHrMaxSpeed: (times, context) => windowMax(times, context, 60, 'speed'),
  windHrMaxDir: (times, context) => windowMax(times, context, 60, 'direction'),
  wind10mMaxSpeed: (times, context) => windowMax(times, context, 10, 'speed'),
  wind10mMaxDir: (times, context) => windowMax(times, context, 10, 'direction'),
  wind2mAvgSpeed: (times, context) => twoMinuteMean(times, context, 'speed'),
  wind2mAvgDir: (times, context) => twoMinuteMean(times, context, 'direction'),
  rainThisHour,
  rainPrevHour,
};

// ---- Distance (a water-level gauge looking down at a river) ----

const MOUNT_HEIGHT_MM = 2500;

function riverLevelMm(time: number, context: SeriesContext): number {
  const seed = deriveSeed(context.seed, 'river');
  // Rain reaches the river with a delay and drains over a day or so.
  const runoff = 25 * context.env.rainIntensity(time - 4 * HOUR) + 12 * context.env.rainIntensity(time - 12 * HOUR);
  return 700 - 250 * context.env.season(time) + 120 * smoothNoise(seed, time, 6 * DAY) + runoff;
}
const distanceTo = (time: number, context: SeriesContext) => MOUNT_HEIGHT_MM - riverLevelMm(time, context);

const distanceGenerators: Record<string, SensorGenerator> = {
  /** The median of the three pings. */
  distance: pointwise((t, c, s) => distanceTo(t, c) + noise(s, t, 2)),
  distance0: pointwise((t, c, s) => distanceTo(t, c) + noise(s, t, 6)),
  distance1: pointwise((t, c, s) => distanceTo(t, c) + noise(s, t, 6)),
  distance2: pointwise((t, c, s) => distanceTo(t, c) + noise(s, t, 6)),
  /** The mounting height the gauge was calibrated to. */
  calibration: pointwise(() => MOUNT_HEIGHT_MM),
};

// ---- Diagnostics (battery, solar panel, firmware) ----

const LOAD_MA = 45;

const solarMa = (time: number, context: SeriesContext) => 420 * context.env.sunlight(time);
const solarVolts = (time: number, context: SeriesContext) => {
  const light = context.env.sunlight(time);
  return light <= 0 ? 0 : 4.4 + 1.6 * min(1, light * 4);
};

/**
 * Battery charge, %: charges from sunrise to late afternoon and drains through the night; fuller
 * in summer, lower after cloudy days. A closed form of the day's energy balance, so any instant
 * can be computed on its own.
 */
function batteryCharge(time: number, context: SeriesContext): number {
  const seed = deriveSeed(context.seed, 'battery');
  const hour = context.env.solarHour(time);
  // 0 at 07:00 (after the night), 1 at 17:00 (after the day), linear in between both ways.
  const cycle = hour >= 7 && hour < 17 ? (hour - 7) / 10 : 1 - (hour >= 17 ? hour - 17 : hour + 7) / 14;
  const sunnyDays = smoothNoise(seed, time, 2 * DAY);
  const mean = 72 + 14 * context.env.season(time) + 10 * sunnyDays;
  const swing = 6 + (6 * (1 + context.env.season(time))) / 2;
  return min(100, max(3, mean + swing * (cycle - 0.5)));
}
const batteryVolts = (time: number, context: SeriesContext) => 3.3 + 0.9 * (batteryCharge(time, context) / 100);
const batteryMa = (time: number, context: SeriesContext) => 0.9 * solarMa(time, context) - LOAD_MA;

/** The station restarts about once a week (firmware watchdog, a field visit). */
function lastRestart(time: number, context: SeriesContext): number {
  const seed = deriveSeed(context.seed, 'restarts');
  const week = floor(time / WEEK);
  const restart = (k: number) => k * WEEK + unit(seed, k) * WEEK;
  return restart(week) <= time ? restart(week) : restart(week - 1);
}

const diagnosticsGenerators: Record<string, SensorGenerator> = {
  batteryCharge: pointwise((t, c) => round(batteryCharge(t, c) * 10) / 10),
  batteryVoltage: pointwise((t, c, s) => batteryVolts(t, c) + noise(s, t, 0.005)),
  batteryVbus: pointwise((t, c, s) => batteryVolts(t, c) + 0.05 + noise(s, t, 0.005)),
  batteryVs: pointwise((t, c, s) => 1000 * batteryVolts(t, c) + noise(s, t, 4)),
  batteryMa: pointwise((t, c, s) => batteryMa(t, c) + noise(s, t, 1)),
  batteryPower: pointwise((t, c) => batteryVolts(t, c) * batteryMa(t, c)),
  solarVbus: pointwise((t, c) => solarVolts(t, c)),
  solarVs: pointwise((t, c) => 1000 * solarVolts(t, c)),
  solarMa: pointwise((t, c) => solarMa(t, c)),
  solarPower: pointwise((t, c) => solarVolts(t, c) * solarMa(t, c)),
  /** Bytes free: a slow leak since the last restart, and allocation noise. */
  freeMemory: pointwise((t, c, s) => {
    const sinceRestart = (t - lastRestart(t, c)) / MINUTE;
    return round(112_000 - 1.2 * sinceRestart + noise(s, t, 300));
  }),
  /** ms since the last restart. */
  uptime: pointwise((t, c) => t - lastRestart(t, c)),
  /** The enclosure: air temperature, warmed by the sun and by the electronics. */
  temperature: pointwise((t, c, s) => c.env.airTemperature(t) + 10 * c.env.sunlight(t) + 2 + noise(s, t, 0.1)),
};

// ---- Random and testing ----

const randomGenerator: SensorGenerator = pointwise((t, _c, s) => 100 * unit(s, floor(t / 1000)));
const randomGenerators: Record<string, SensorGenerator> = Object.fromEntries(
  Array.from({ length: 10 }, (_, i) => [`random${i}`, randomGenerator]),
);

/** Monday 1970-01-05 00:00 UTC: weeks start on Mondays. */
const FIRST_MONDAY = 4 * DAY;

const testingGenerators: Record<string, SensorGenerator> = {
  /** One period a day, peaking at 06:00 UTC. */
  sin: pointwise((t) => sin((2 * PI * (t % DAY)) / DAY)),
  /** Rises from 0 at Monday 00:00 UTC to 1000 at the end of Sunday, then starts again. */
  'saw.weekly': pointwise((t) => {
    const intoWeek = (((t - FIRST_MONDAY) % WEEK) + WEEK) % WEEK;
    return (1000 * intoWeek) / WEEK;
  }),
};

// ---- Flood sensors (FloodNet, over LoRaWAN) ----

/** Street elevation above mean lower low water, feet: only high tides with a surge or heavy rain flood it. */
const STREET_FEET = 6.4;

function floodDepthInches(time: number, context: SeriesContext): number {
  const water = context.env.tideFeet(time) + context.env.surgeFeet(time);
  const coastal = max(0, water - STREET_FEET) * 12;
  // Rain ponds when it falls faster than the drains take it (about 8 mm/h).
  const ponding = max(0, context.env.rainIntensity(time - 20 * MINUTE) - 8) * 0.5;
  return coastal + ponding;
}

const floodGenerators: Record<string, SensorGenerator> = {
  /** Exactly 0 when the street is dry. */
  depth: pointwise((t, c, s) => {
    const depth = floodDepthInches(t, c);
    return depth <= 0 ? 0 : max(0, depth + noise(s, t, 0.08));
  }),
  /** Before the filter: a little noise even when dry, and the odd spurious echo. */
  depthUnfiltered: pointwise((t, c, s) => {
    const spike = unit(s, floor(t / 1000)) < 0.002 ? 3 + 10 * unit(s ^ 1, floor(t / 1000)) : 0;
    return max(0, floodDepthInches(t, c) + abs(noise(s, t, 0.15)) + spike);
  }),
  /** The tide gauge's water level (tide and surge), feet. */
  tideFeet: pointwise((t, c) => max(0, c.env.tideFeet(t) + c.env.surgeFeet(t))),
  /** Heaviest one-minute rain of the last five minutes, mm/min. */
  maxPrecipLast5MinMmPerMin: (times, context) => {
    const rain = rainMinutes(context);
    return times.map((t) => {
      const m = floor(t / MINUTE);
      let heaviest = 0;
      for (let k = m - 4; k <= m; k++) heaviest = max(heaviest, rain.at(k));
      return heaviest;
    });
  },
  /** The ultrasonic sensor hangs 3 m above the street. */
  distance: pointwise((t, c, s) => 3000 - 25.4 * floodDepthInches(t, c) + noise(s, t, 3)),
  /** Battery %, drained over months until someone swaps it. */
  battery: pointwise((t, c, s) => {
    const period = 240 * DAY;
    const phase = unit(deriveSeed(c.seed, 'lora battery'), 0) * period;
    const used = (((t + phase) % period) + period) % period;
    return 100 - (60 * used) / period + noise(s, t, 0.3);
  }),
  humidity: pointwise((t, c, s) => c.env.humidity(t) + noise(s, t, 0.5)),
  pressure: pointwise((t, c, s) => c.env.pressure(t) + noise(s, t, 0.01)),
  /** Barometric altitude above sea level, m: the real height plus the weather's error. */
  altitude: pointwise((t, c, s) => 4 + 8.3 * 10 * (101.325 - c.env.pressure(t)) + noise(s, t, 0.5)),
  temperature: pointwise((t, c, s) => c.env.airTemperature(t) + noise(s, t, 0.1)),
  /** SD-card write errors: almost always none. */
  sdError: pointwise((t, _c, s) => (unit(s, floor(t / HOUR)) < 0.003 ? 1 + floor(3 * unit(s ^ 1, floor(t / HOUR))) : 0)),
};

/** Generators by module family (the module key without its last part for water modules) and sensor key. */
const generatorsByModule: Record<string, Record<string, SensorGenerator>> = {
  'fk.water': waterGenerators,
  'fk.weather': weatherGenerators,
  'fk.distance': distanceGenerators,
  'fk.diagnostics': diagnosticsGenerators,
  'fk.random': randomGenerators,
  'fk.testing': testingGenerators,
  'wh.floodnet': floodGenerators,
};

/** The generator of a sensor, by its module key and sensor key (`fk.water.ec`, `tds`). */
export function generatorFor(moduleKey: string, sensorKey: string): SensorGenerator | undefined {
  const family = moduleKey.startsWith('fk.water') ? 'fk.water' : moduleKey;
  return generatorsByModule[family]?.[sensorKey];
}
