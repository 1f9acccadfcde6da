import type { SensorsMeta, StationModule } from '@groundtruth/contracts';

/** The module kinds the app names and draws (spec §1), by the part of a module name after its prefix. */
export const MODULE_KINDS = [
  'waterPh',
  'waterEc',
  'waterDo',
  'waterTemp',
  'waterOrp',
  'water',
  'weather',
  'distance',
  'diagnostics',
  'random',
  'testing',
  'flood',
  'unknown',
] as const;
export type ModuleKind = (typeof MODULE_KINDS)[number];

const KIND_BY_NAME: Readonly<Record<string, ModuleKind>> = {
  'water.ph': 'waterPh',
  'water.ec': 'waterEc',
  'water.do': 'waterDo',
  'water.dox': 'waterDo',
  'water.temp': 'waterTemp',
  'water.orp': 'waterOrp',
  water: 'water',
  'water.unknown': 'water',
  weather: 'weather',
  distance: 'distance',
  diagnostics: 'diagnostics',
  random: 'random',
  testing: 'testing',
  floodnet: 'flood',
};

/**
 * A module name without its family prefix: stations name modules `modules.water.ph`, the catalogue
 * `fk.water.ph`, webhook devices `wh.floodnet`; all three mean the same kind.
 */
export const bareModuleName = (name: string): string =>
  name
    .trim()
    .replace(/^(modules|fk|wh)\./i, '')
    .toLowerCase();

export const moduleKind = (name: string): ModuleKind => KIND_BY_NAME[bareModuleName(name)] ?? 'unknown';

type MetaModule = SensorsMeta['modules'][number];
type MetaSensor = MetaModule['sensors'][number];

const answersTo = (sensor: MetaSensor, name: string): boolean => {
  const wanted = name.trim().toLowerCase();
  return [sensor.key, sensor.firmwareKey, ...sensor.aliases].some((n) => n.toLowerCase() === wanted);
};

/**
 * The catalogue's definition of a station module's sensor. Several catalogue modules share a name
 * (older and newer layouts): the newest one knowing the sensor wins.
 */
export const catalogueSensor = (
  meta: SensorsMeta | undefined,
  moduleName: string,
  sensorName: string,
): MetaSensor | undefined => {
  if (!meta) return undefined;
  const bare = bareModuleName(moduleName);
  const candidates = meta.modules.filter((m) => bareModuleName(m.key) === bare);
  for (let i = candidates.length - 1; i >= 0; i--) {
    const found = candidates[i]!.sensors.find((s) => answersTo(s, sensorName));
    if (found) return found;
  }
  return undefined;
};

/** The catalogue sensor with this id. */
export const catalogueSensorById = (meta: SensorsMeta | undefined, sensorId: number): MetaSensor | undefined => {
  if (!meta) return undefined;
  for (const m of meta.modules) {
    const found = m.sensors.find((s) => s.id === sensorId);
    if (found) return found;
  }
  return undefined;
};

/** A sensor's label in the app's language, else English, else its own name. */
export const sensorLabel = (sensor: MetaSensor | undefined, fallback: string, locale: string): string => {
  if (!sensor) return fallback;
  const strings = sensor.strings[locale.toLowerCase()] ?? sensor.strings['en-us'] ?? Object.values(sensor.strings)[0];
  return strings?.label ?? fallback;
};

/** The modules people look at: internal ones (the station's own board) are left out, in position order. */
export const visibleModules = (modules: readonly StationModule[]): StationModule[] =>
  modules.filter((m) => !m.internal).sort((a, b) => a.position - b.position || a.id - b.id);

/** The station's modules, from its current configuration. */
export const stationModules = (station: { configurations: { all: readonly { modules: readonly StationModule[] }[] } }) =>
  station.configurations.all[0]?.modules ?? [];
