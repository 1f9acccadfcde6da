import type { MapStation, ModulesMeta } from '@groundtruth/contracts';

/**
 * What a station's map marker shows (spec §2 All-stations views, §4 sort order, §9 threshold colours):
 * pure functions of the station as GET /stations/map answers it and of GET /modules/meta.
 */

export type ReadingMode = 'recent' | 'current';

/** Spec §9: threshold default colour, and black for none. */
export const DEFAULT_MARKER_COLOUR = '#00ccff';
export const NO_VALUE_COLOUR = '#000000';
export const INACTIVE_COLOUR = '#9e9e9e';

/** Spec §4 sort categories, in order: a current reading, no recent reading, no data, inactive. */
export type ReadingCategory = 'current' | 'noRecent' | 'noData' | 'inactive';
const CATEGORY_ORDER: Readonly<Record<ReadingCategory, number>> = { current: 0, noRecent: 1, noData: 2, inactive: 3 };

type MetaModule = ModulesMeta['modules'][number];
type MetaSensor = MetaModule['sensors'][number];
export type ThresholdLevel = NonNullable<MetaSensor['viz'][number]['thresholds']>['levels'][number];

export type SensorInfo = { readonly module: MetaModule; readonly sensor: MetaSensor };

/** Catalogue sensors by id. */
export const sensorIndex = (meta: ModulesMeta | undefined): ReadonlyMap<number, SensorInfo> => {
  const index = new Map<number, SensorInfo>();
  for (const module of meta?.modules ?? []) {
    for (const sensor of module.sensors) if (!index.has(sensor.id)) index.set(sensor.id, { module, sensor });
  }
  return index;
};

/** The first threshold levels among the sensor's chart settings, or none. */
export const thresholdLevels = (sensor: MetaSensor | undefined): readonly ThresholdLevel[] => {
  for (const viz of sensor?.viz ?? []) if (viz.thresholds && viz.thresholds.levels.length > 0) return viz.thresholds.levels;
  return [];
};

/** A localised text of the catalogue (keys such as 'en-US' or 'en-us'), English when the language is missing. */
export const localised = (texts: Readonly<Record<string, string | undefined>> | undefined, locale: string): string | null => {
  if (!texts) return null;
  const byKey = new Map(Object.entries(texts).map(([key, value]) => [key.toLowerCase(), value]));
  const wanted = locale.toLowerCase();
  const language = wanted.split('-')[0] ?? wanted;
  const candidates = [wanted, ...[...byKey.keys()].filter((key) => key.split('-')[0] === language), 'en-us', 'en'];
  for (const key of candidates) {
    const value = byKey.get(key);
    if (value) return value;
  }
  return [...byKey.values()].find((value) => !!value) ?? null;
};

/** The sensor's label in a language: its catalogue label, else its key. */
export const sensorLabel = (sensor: MetaSensor, locale: string): string => {
  const strings = Object.fromEntries(Object.entries(sensor.strings).map(([key, value]) => [key, value.label]));
  return localised(strings, locale) ?? sensor.key;
};

/** Spec §9: the colour of the level with start <= v < value; the default colour when none holds it or there are none. */
export const thresholdColour = (value: number, levels: readonly ThresholdLevel[]): string =>
  levels.find((level) => level.start <= value && value < level.value)?.color ?? DEFAULT_MARKER_COLOUR;

/**
 * How bad a shown value is, for clusters (higher worse): the place of its threshold level (1 for the
 * lowest), 0 without levels or outside them; no value -1, inactive -2.
 */
export const readingSeverity = (category: ReadingCategory, value: number | null, levels: readonly ThresholdLevel[]): number => {
  if (category === 'inactive') return -2;
  if (value === null) return -1;
  const index = levels.findIndex((level) => level.start <= value && value < level.value);
  return index + 1;
};

export type StationReading = {
  readonly stationId: number;
  /** See readingSeverity. */
  readonly severity: number;
  readonly category: ReadingCategory;
  /** The value the marker shows in the mode asked, or null (inactive, no data, or nothing in the recent window). */
  readonly value: number | null;
  /** The primary sensor's latest reading, whatever the mode. */
  readonly latest: number | null;
  /** Its highest reading in the recent window, or null when none is there. */
  readonly recent: number | null;
  readonly colour: string;
  /** The sensor the marker shows (the station's primary sensor), when it has data. */
  readonly sensor: MetaSensor | null;
  readonly moduleId: number | null;
  /** ms of the primary sensor's latest reading. */
  readonly time: number | null;
};

/**
 * What one station's marker shows, from GET /stations/map. "Latest" is one thing everywhere: the
 * primary sensor's newest reading (`reading.value`, the server's one definition, as on the station
 * page). 'current' mode shows it; 'recent' mode shows another, named quantity: the highest reading
 * within the recent window (72 h; 1 h in flood mode), `reading.recent`.
 */
export const stationReading = (
  station: MapStation,
  sensors: ReadonlyMap<number, SensorInfo>,
  mode: ReadingMode,
): StationReading => {
  const none = (category: ReadingCategory): StationReading => ({
    stationId: station.id,
    severity: readingSeverity(category, null, []),
    category,
    value: null,
    colour: category === 'inactive' ? INACTIVE_COLOUR : NO_VALUE_COLOUR,
    sensor: null,
    moduleId: null,
    time: null,
    latest: null,
    recent: null,
  });
  if (station.inactive || station.status === 'down') return none('inactive');
  const reading = station.reading;
  if (!reading) return none('noData');
  const info = sensors.get(reading.sensorId);
  const category: ReadingCategory = reading.recent !== null ? 'current' : 'noRecent';
  const value = mode === 'current' ? reading.value : reading.recent;
  const levels = thresholdLevels(info?.sensor);
  return {
    stationId: station.id,
    severity: readingSeverity(category, value, levels),
    category,
    value,
    colour: value === null ? NO_VALUE_COLOUR : thresholdColour(value, levels),
    sensor: info?.sensor ?? null,
    moduleId: reading.moduleId,
    time: reading.time,
    latest: reading.value,
    recent: reading.recent,
  };
};

/**
 * Spec §4 and §9: stations with a current reading first, by value (highest first), then those with no
 * recent reading, no data, and inactive ones; by name within each (three keys: ascending, descending,
 * ascending).
 */
/** localeCompare's order, without its cost per call (a collator made once: 10,000 stations sort in a fraction). */
const compareNames = new Intl.Collator().compare;

export const compareReadings =
  (names: ReadonlyMap<number, string>) =>
  (a: StationReading, b: StationReading): number => {
    const byCategory = CATEGORY_ORDER[a.category] - CATEGORY_ORDER[b.category];
    if (byCategory !== 0) return byCategory;
    const byValue = (b.value ?? Number.NEGATIVE_INFINITY) - (a.value ?? Number.NEGATIVE_INFINITY);
    if (byValue !== 0 && !Number.isNaN(byValue)) return byValue;
    return compareNames(names.get(a.stationId) ?? '', names.get(b.stationId) ?? '') || a.stationId - b.stationId;
  };
