import { deriveSeed, smoothNoise, unit } from './random.js';

// Jest runs code in a vm context where every global lookup is slow: take what the loops need once.
const { PI, cos, exp, floor, max, min, sin } = Math;

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;
export const WEEK = 7 * DAY;
const YEAR_DAYS = 365.2422;
/** The principal lunar semi-diurnal tide (M2): two high waters a lunar day. */
export const M2_PERIOD = 12.4206 * HOUR;

/** Where the simulated station stands: sets solar time, day length and seasons. */
export type SimulationSite = {
  readonly latitude: number;
  readonly longitude: number;
};

/** New York harbour: a flood-prone coast with mixed weather. */
export const DEFAULT_SITE: SimulationSite = { latitude: 40.7, longitude: -74 };

/** A rain event: a short shower or a storm (rain, wind, a pressure low and a surge at the coast). */
export type WeatherEvent = {
  readonly start: number;
  readonly end: number;
  /** Peak rain rate, mm/h. */
  readonly rainPeak: number;
  /** Peak storm surge, feet. */
  readonly surgeFeet: number;
  /** Extra wind at the peak, km/h. */
  readonly windBoost: number;
  /** Pressure fall at the peak, kPa. */
  readonly pressureDrop: number;
};

/**
 * The shared world of one station, pure functions of time (ms since the epoch): every module of a
 * station sees the same seasons, weather, storms and tides.
 */
export type Environment = {
  readonly site: SimulationSite;
  /** Local solar hour, 0 ≤ h < 24 (noon when the sun is highest). */
  solarHour(time: number): number;
  /** Day of the year, 0 ≤ d < 365.24 (0 = 1 January). */
  dayOfYear(time: number): number;
  /** Seasonal phase in [-1, 1]: 1 at the height of summer at this site, -1 in deep winter. */
  season(time: number): number;
  /** Sine of the sun's elevation (negative at night). */
  sunElevation(time: number): number;
  /** Sunlight reaching a panel, 0..1 (elevation and clouds). */
  sunlight(time: number): number;
  /** Cloud cover, 0..1. */
  clouds(time: number): number;
  airTemperature(time: number): number;
  waterTemperature(time: number): number;
  /** Atmospheric pressure, kPa. */
  pressure(time: number): number;
  /** Relative humidity, %. */
  humidity(time: number): number;
  /** The rain events whose rain, wind, low or surge reaches this time (at most a few). */
  eventsAt(time: number): readonly WeatherEvent[];
  /** Rain rate now, mm/h, bursty within an event. */
  rainRate(time: number): number;
  /** Smoothed rain intensity of the events now, mm/h (no bursts): drives runoff and ponding. */
  rainIntensity(time: number): number;
  /** Storm surge now, feet. */
  surgeFeet(time: number): number;
  /** Astronomical tide, feet above mean lower low water (can dip below 0). */
  tideFeet(time: number): number;
  /** Sustained wind speed, km/h (before gusts). */
  windSpeed(time: number): number;
  /** Mean wind direction, degrees from north, 0 ≤ d < 360. */
  windDirection(time: number): number;
};

const TWO_PI = 2 * PI;
const RAD = PI / 180;

/** A bump on [0, 1]: 0 at both ends, 1 in the middle. */
function bump(x: number): number {
  if (x <= 0 || x >= 1) return 0;
  const s = sin(PI * x);
  return s * s;
}

/** The events starting on one day: maybe a shower, maybe a storm (about 15 a year). */
function eventsOfDay(seed: number, day: number, winter: number): WeatherEvent[] {
  const events: WeatherEvent[] = [];
  const showerChance = 0.14;
  // Storms are likelier in the cold season, as nor'easters are.
  const stormChance = 0.03 + 0.02 * winter;
  if (unit(seed, day * 16) < showerChance) {
    const start = day * DAY + unit(seed, day * 16 + 1) * DAY;
    events.push({
      start,
      end: start + (0.5 + 2.5 * unit(seed, day * 16 + 2)) * HOUR,
      rainPeak: 2 + 10 * unit(seed, day * 16 + 3),
      surgeFeet: 0,
      windBoost: 5 * unit(seed, day * 16 + 4),
      pressureDrop: 0.2,
    });
  }
  if (unit(seed, day * 16 + 5) < stormChance) {
    const start = day * DAY + unit(seed, day * 16 + 6) * DAY;
    events.push({
      start,
      end: start + (6 + 24 * unit(seed, day * 16 + 7)) * HOUR,
      rainPeak: 6 + 24 * unit(seed, day * 16 + 8),
      surgeFeet: 0.8 + 3.2 * unit(seed, day * 16 + 9) ** 2,
      windBoost: 20 + 40 * unit(seed, day * 16 + 10),
      pressureDrop: 1 + 2.5 * unit(seed, day * 16 + 11),
    });
  }
  return events;
}

/** Remembers the last answer: one reading asks for the same quantity several times. */
function lastValue(f: (time: number) => number): (time: number) => number {
  let lastTime = Number.NaN;
  let last = 0;
  return (time) => {
    if (time !== lastTime) {
      last = f(time);
      lastTime = time;
    }
    return last;
  };
}

/** Longest event (30 h) plus the longest after-effect (surge and runoff tails), in days. */
const EVENT_LOOKBACK_DAYS = 3;

export function createEnvironment(seed: number, site: SimulationSite = DEFAULT_SITE): Environment {
  const seeds = {
    storms: deriveSeed(seed, 'storms'),
    bursts: deriveSeed(seed, 'rain bursts'),
    fronts: deriveSeed(seed, 'fronts'),
    airDays: deriveSeed(seed, 'air days'),
    water: deriveSeed(seed, 'water'),
    clouds: deriveSeed(seed, 'clouds'),
    dew: deriveSeed(seed, 'dew'),
    wind: deriveSeed(seed, 'wind'),
    windDir: deriveSeed(seed, 'wind direction'),
  };
  const southern = site.latitude < 0;
  const latitude = site.latitude * RAD;

  const solarHour = (time: number): number => {
    const h = (time / HOUR + site.longitude / 15) % 24;
    return h < 0 ? h + 24 : h;
  };
  const dayOfYear = (time: number): number => {
    const d = (time / DAY) % YEAR_DAYS;
    return d < 0 ? d + YEAR_DAYS : d;
  };
  // Warmest around 5 August in the north (day 217), half a year later in the south.
  const season = lastValue((time: number): number => {
    const phase = cos((TWO_PI * (dayOfYear(time) - 217)) / YEAR_DAYS);
    return southern ? -phase : phase;
  });
  const sunElevation = lastValue((time: number): number => {
    const declination = 23.44 * RAD * sin((TWO_PI * (dayOfYear(time) - 81)) / YEAR_DAYS);
    const hourAngle = 15 * RAD * (solarHour(time) - 12);
    return sin(latitude) * sin(declination) + cos(latitude) * cos(declination) * cos(hourAngle);
  });

  const cache = new Map<number, WeatherEvent[]>();
  const eventsOf = (day: number): WeatherEvent[] => {
    let events = cache.get(day);
    if (events === undefined) {
      events = eventsOfDay(seeds.storms, day, max(0, -season(day * DAY + DAY / 2)));
      if (cache.size > 4096) cache.clear();
      cache.set(day, events);
    }
    return events;
  };
  // The events that can touch a day (those starting up to EVENT_LOOKBACK_DAYS before), for the last day asked.
  let candidatesDay = Number.NaN;
  let candidates: WeatherEvent[] = [];
  const candidatesAt = (time: number): WeatherEvent[] => {
    const today = floor(time / DAY);
    if (today !== candidatesDay) {
      candidates = [];
      for (let day = today - EVENT_LOOKBACK_DAYS; day <= today; day++) candidates.push(...eventsOf(day));
      candidatesDay = today;
    }
    return candidates;
  };
  const eventsAt = (time: number): WeatherEvent[] =>
    candidatesAt(time).filter((event) => {
      const length = event.end - event.start;
      return time >= event.start - 0.5 * length && time < event.end + 0.5 * length;
    });

  const rainIntensity = lastValue((time: number): number => {
    let rate = 0;
    for (const event of candidatesAt(time)) rate += event.rainPeak * bump((time - event.start) / (event.end - event.start));
    return rate;
  });
  const rainRate = (time: number): number => {
    const intensity = rainIntensity(time);
    if (intensity === 0) return 0;
    // Rain comes in bursts: each 10-minute cell is dry, light or heavy.
    const cell = unit(seeds.bursts, floor(time / (10 * MINUTE)));
    return cell < 0.25 ? 0 : intensity * (0.4 + 1.2 * cell);
  };
  const stormFactor = (time: number, pick: (event: WeatherEvent) => number, widen: number): number => {
    let value = 0;
    for (const event of candidatesAt(time)) {
      const length = event.end - event.start;
      value += pick(event) * bump((time - event.start + widen * length) / (length * (1 + 2 * widen)));
    }
    return value;
  };

  const clouds = lastValue((time: number): number => {
    const base = 0.45 + 0.45 * smoothNoise(seeds.clouds, time, 9 * HOUR) - 0.1 * season(time);
    return min(1, max(0, base + rainIntensity(time) / 4));
  });
  const sunlight = lastValue((time: number): number => max(0, sunElevation(time)) * (1 - 0.75 * clouds(time)));

  const airTemperature = lastValue((time: number): number => {
    const diurnal = 5 * (1 - 0.5 * clouds(time)) * cos((TWO_PI * (solarHour(time) - 15)) / 24);
    const fronts = 4 * smoothNoise(seeds.fronts, time, 2.5 * DAY) + 1.5 * smoothNoise(seeds.airDays, time, 7 * HOUR);
    return 12 + 11 * season(time) + diurnal + fronts - 0.15 * rainIntensity(time);
  });
  const waterTemperature = lastValue((time: number): number => {
    // Water lags the air by a few weeks and swings far less within a day; warmest late afternoon.
    const lagged = season(time - 20 * DAY);
    const diurnal = 1.2 * cos((TWO_PI * (solarHour(time) - 16)) / 24);
    const weather = 1.5 * smoothNoise(seeds.water, time, 4 * DAY);
    return max(0.2, 14 + 9 * lagged + diurnal + weather);
  });
  const pressure = lastValue((time: number): number => {
    const fronts = 1.4 * smoothNoise(seeds.fronts ^ 0x1234567, time, 3 * DAY);
    // The atmospheric tide: two small highs a day, near 10:00 and 22:00.
    const atmospheric = 0.12 * cos((TWO_PI * (solarHour(time) - 10)) / 12);
    return 101.3 + fronts + atmospheric - stormFactor(time, (e) => e.pressureDrop, 0.5);
  });
  const humidity = lastValue((time: number): number => {
    const air = airTemperature(time);
    // Dew point follows the day's mean temperature, so humidity peaks at dawn and dips in the afternoon.
    const dewPoint = 12 + 11 * season(time) - 4 + 3 * smoothNoise(seeds.dew, time, 1.5 * DAY);
    const magnus = (t: number) => exp((17.625 * t) / (243.04 + t));
    const rh = (100 * magnus(min(dewPoint, air))) / magnus(air);
    const wet = min(1, rainIntensity(time) / 3);
    return min(100, max(8, rh * (1 - wet) + 97 * wet));
  });
  const tideFeet = lastValue((time: number): number => {
    // Each constituent's phase from the time modulo its period (cosines of huge angles are slow).
    const wave = (period: number, phase: number) => cos((TWO_PI * (time % period)) / period + phase);
    return (
      2.6 +
      2.2 * wave(M2_PERIOD, 1.1) +
      0.45 * wave(12 * HOUR, 0.4) + // S2: with M2, spring and neap tides every 14.77 days
      0.3 * wave(23.934 * HOUR, 2.2) + // K1 and O1: the diurnal inequality
      0.2 * wave(25.819 * HOUR, 0.7)
    );
  });
  const windSpeed = lastValue((time: number): number => {
    const diurnal = 4 * max(0, cos((TWO_PI * (solarHour(time) - 15)) / 24));
    const weather = 6 * (1 + smoothNoise(seeds.wind, time, 1.7 * DAY)) + 3 * (1 + smoothNoise(seeds.wind ^ 77, time, 3 * HOUR));
    return 3 + diurnal + weather + 4 * (1 - season(time)) + stormFactor(time, (e) => e.windBoost, 0.2);
  });
  const windDirection = lastValue((time: number): number => {
    // Prevailing westerlies that wander with the weather.
    const d = 250 + 140 * smoothNoise(seeds.windDir, time, 2 * DAY) + 40 * smoothNoise(seeds.windDir ^ 99, time, 4 * HOUR);
    return ((d % 360) + 360) % 360;
  });

  return {
    site,
    solarHour,
    dayOfYear,
    season,
    sunElevation,
    sunlight,
    clouds,
    airTemperature,
    waterTemperature,
    pressure,
    humidity,
    eventsAt,
    rainRate,
    rainIntensity,
    surgeFeet: lastValue((time) => stormFactor(time, (e) => e.surgeFeet, 0.3)),
    tideFeet,
    windSpeed,
    windDirection,
  };
}
