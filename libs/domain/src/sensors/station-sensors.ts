import { moduleById, sensorById, sensorOfModule, sensorOfModuleNamed, type ModuleDefinition } from './catalogue.js';

/** A sensor as a station module lists it: its firmware name and its index in the module's list. */
export type ModuleSensorRef = { readonly name: string; readonly order: number };

/** A station module's configured sensors, under the module id readings are filed by. */
export type StationModuleSensors = { readonly moduleId: number; readonly sensors: readonly ModuleSensorRef[] };

/** The latest reading of one station module's catalogue sensor. */
export type LatestReading = {
  readonly moduleId: number;
  readonly sensorId: number;
  readonly value: number;
  readonly timeMs: number;
};

/**
 * The catalogue sensor a module's sensor is filed under, as processing files it: by firmware name
 * (key, firmware key or alias), else by its index.
 */
export function catalogueSensorOf(definition: ModuleDefinition, sensor: ModuleSensorRef) {
  return sensorOfModuleNamed(definition, sensor.name) ?? sensorOfModule(definition, sensor.order);
}

/**
 * Each configured sensor's catalogue sensor id and latest reading, keyed `moduleId/order`. A
 * module's catalogue definition is the one its readings were filed under (a station module does
 * not keep its header); a module without readings has no definition, so its sensors get neither.
 */
export function matchLatestReadings(
  modules: readonly StationModuleSensors[],
  latest: readonly LatestReading[],
): Map<string, { sensorId: number; reading: LatestReading | null }> {
  const byModule = new Map<number, Map<number, LatestReading>>();
  for (const row of latest) {
    const rows = byModule.get(row.moduleId) ?? new Map<number, LatestReading>();
    rows.set(row.sensorId, row);
    byModule.set(row.moduleId, rows);
  }
  const out = new Map<string, { sensorId: number; reading: LatestReading | null }>();
  for (const module of modules) {
    const rows = byModule.get(module.moduleId);
    if (!rows) continue;
    // Every reading of a module is filed under one definition; the newest among them if ever several.
    const definitions = [...rows.keys()]
      .map((id) => sensorById(id)?.moduleId)
      .filter((id): id is number => id !== undefined)
      .sort((a, b) => b - a);
    const definition = definitions.length > 0 ? moduleById(definitions[0]!) : undefined;
    if (!definition) continue;
    for (const sensor of module.sensors) {
      const catalogue = catalogueSensorOf(definition, sensor);
      if (!catalogue) continue;
      out.set(`${module.moduleId}/${sensor.order}`, { sensorId: catalogue.id, reading: rows.get(catalogue.id) ?? null });
    }
  }
  return out;
}
