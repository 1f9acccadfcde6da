import type { ModulesMeta, SensorRecently, Station } from '@groundtruth/contracts';

/**
 * What a station's map marker shows (spec §2 All-stations views, §4 sort order, §9 threshold colours):
 * pure functions of the station, GET /sensors/data/recently and GET /modules/meta.
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

export type StationReading = {
  readonly stationId: number;
  readonly category: ReadingCategory;
  /** The value the marker shows, or null (inactive, no data, or nothing in the recent window). */
  readonly value: number | null;
  readonly colour: string;
  /** The sensor the marker shows (the station's primary sensor), when it has data. */
  readonly sensor: MetaSensor | null;
  readonly moduleId: number | null;
  /** ms of the primary sensor's latest reading. */
  readonly time: number | null;
};

type Row = { readonly stationId: number; readonly moduleId: number; readonly sensorId: number };

const modulePositions = (station: Station): ReadonlyMap<number, number> => {
  const positions = new Map<number, number>();
  for (const configuration of station.configurations.all) {
    for (const module of configuration.modules) positions.set(module.id, module.position);
  }
  return positions;
};

/** Lexicographic order of two ranks. */
const isBefore = (a: readonly number[], b: readonly number[]): boolean => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
};

/**
 * The station's primary sensor among those with data: one with threshold levels first (flood depth),
 * then sensors of modules that are not internal (diagnostics and random tests come last), then by
 * module position and the catalogue's sensor order.
 */
export const primarySensor = <R extends Row>(
  station: Station,
  rows: readonly R[],
  sensors: ReadonlyMap<number, SensorInfo>,
): R | null => {
  const positions = modulePositions(station);
  const rank = (row: R): number[] => {
    const info = sensors.get(row.sensorId);
    return [
      thresholdLevels(info?.sensor).length > 0 ? 0 : 1,
      info?.module.internal ? 1 : 0,
      info?.sensor.internal ? 1 : 0,
      info ? 0 : 1,
      positions.get(row.moduleId) ?? Number.MAX_SAFE_INTEGER,
      info?.sensor.order ?? Number.MAX_SAFE_INTEGER,
      row.sensorId,
    ];
  };
  let best: R | null = null;
  let bestRank: number[] = [];
  for (const row of rows) {
    if (row.stationId !== station.id) continue;
    const r = rank(row);
    if (best === null || isBefore(r, bestRank)) {
      best = row;
      bestRank = r;
    }
  }
  return best;
};

/**
 * What one station's marker shows. 'recent' is the largest of the primary sensor's maxima over the
 * longest recent window (72 h; 1 h in flood mode); 'current' is its latest reading at any time.
 */
export const stationReading = (
  station: Station,
  recently: SensorRecently | undefined,
  sensors: ReadonlyMap<number, SensorInfo>,
  mode: ReadingMode,
): StationReading => {
  const none = (category: ReadingCategory): StationReading => ({
    stationId: station.id,
    category,
    value: null,
    colour: category === 'inactive' ? INACTIVE_COLOUR : NO_VALUE_COLOUR,
    sensor: null,
    moduleId: null,
    time: null,
  });
  if (station.inactive || station.status === 'down') return none('inactive');
  const latest = primarySensor(station, recently?.last ?? [], sensors);
  if (!latest) return none('noData');
  const info = sensors.get(latest.sensorId);
  const longest = [...(recently?.windows ?? [])].sort((a, b) => b.hours - a.hours)[0];
  const recentRows = (longest?.data ?? []).filter(
    (row) => row.stationId === station.id && row.moduleId === latest.moduleId && row.sensorId === latest.sensorId,
  );
  const recentValues = recentRows.map((row) => row.max ?? row.value).filter((v): v is number => typeof v === 'number');
  const category: ReadingCategory = recentValues.length > 0 ? 'current' : 'noRecent';
  const value = mode === 'current' ? latest.value : recentValues.length > 0 ? Math.max(...recentValues) : null;
  return {
    stationId: station.id,
    category,
    value,
    colour: value === null ? NO_VALUE_COLOUR : thresholdColour(value, thresholdLevels(info?.sensor)),
    sensor: info?.sensor ?? null,
    moduleId: latest.moduleId,
    time: latest.time,
  };
};

/**
 * Spec §4 and §9: stations with a current reading first, by value (highest first), then those with no
 * recent reading, no data, and inactive ones; by name within each (three keys: ascending, descending,
 * ascending).
 */
export const compareReadings =
  (names: ReadonlyMap<number, string>) =>
  (a: StationReading, b: StationReading): number => {
    const byCategory = CATEGORY_ORDER[a.category] - CATEGORY_ORDER[b.category];
    if (byCategory !== 0) return byCategory;
    const byValue = (b.value ?? Number.NEGATIVE_INFINITY) - (a.value ?? Number.NEGATIVE_INFINITY);
    if (byValue !== 0 && !Number.isNaN(byValue)) return byValue;
    return (names.get(a.stationId) ?? '').localeCompare(names.get(b.stationId) ?? '') || a.stationId - b.stationId;
  };
