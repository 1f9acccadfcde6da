import type { SensorsMeta, StationModule } from '@groundtruth/contracts';
import { bareModuleName } from '@/lib/module-kinds';

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
