import { catalogueSensorOf, moduleById, sensorById, type StationSensorConfig } from '@groundtruth/domain';

/** A module as the station has it now (`station_modules`). */
export type ConfiguredModule = {
  readonly moduleId: number;
  readonly hardwareId: string | null;
  readonly name: string;
  readonly label: string | null;
  readonly position: number;
  readonly internal: boolean;
  readonly sensors: readonly StationSensorConfig[];
};

/** Readings of one catalogue sensor filed under one of the station's module ids, and what is known of them. */
export type SeenSensor<T> = { readonly moduleId: number; readonly sensorId: number; readonly about: T };

export type DescribedSensor<T> = {
  readonly sensorId: number | null;
  readonly key: string | null;
  readonly name: string;
  readonly unitOfMeasure: string;
  readonly about: T | null;
};

export type DescribedModule<T> = {
  readonly id: number;
  readonly hardwareId: string | null;
  readonly name: string;
  readonly label: string | null;
  readonly position: number | null;
  readonly internal: boolean;
  readonly configured: boolean;
  readonly sensors: readonly DescribedSensor<T>[];
};

/**
 * The modules a device's readings belong to: the ones the station has now (by position), each
 * configured sensor with its catalogue sensor and what is known of its readings; then readings a
 * configured module holds under no configured sensor, and modules the station no longer has
 * whose readings are still kept (by id). A module's catalogue definition is the one its readings
 * were filed under.
 */
export function describeModules<T>(
  configured: readonly ConfiguredModule[],
  seen: readonly SeenSensor<T>[],
): DescribedModule<T>[] {
  const byModule = new Map<number, Map<number, T>>();
  for (const s of seen) {
    const rows = byModule.get(s.moduleId) ?? new Map<number, T>();
    rows.set(s.sensorId, s.about);
    byModule.set(s.moduleId, rows);
  }
  const definitionOf = (rows: Map<number, T> | undefined) => {
    const ids = [...(rows?.keys() ?? [])]
      .map((id) => sensorById(id)?.moduleId)
      .filter((id): id is number => id !== undefined)
      .sort((a, b) => b - a);
    return ids[0] === undefined ? undefined : moduleById(ids[0]);
  };
  const unmatched = (rows: Map<number, T>, used: ReadonlySet<number>): DescribedSensor<T>[] =>
    [...rows.entries()]
      .filter(([id]) => !used.has(id))
      .sort((a, b) => a[0] - b[0])
      .map(([id, about]) => {
        const sensor = sensorById(id);
        return {
          sensorId: id,
          key: sensor?.fullKey ?? null,
          name: sensor?.key ?? `sensor-${id}`,
          unitOfMeasure: sensor?.unitOfMeasure ?? '',
          about,
        };
      });

  const out: DescribedModule<T>[] = [];
  const configuredIds = new Set<number>();
  for (const m of [...configured].sort((a, b) => a.position - b.position || a.moduleId - b.moduleId)) {
    configuredIds.add(m.moduleId);
    const rows = byModule.get(m.moduleId);
    const definition = definitionOf(rows);
    const used = new Set<number>();
    const sensors: DescribedSensor<T>[] = [...m.sensors]
      .sort((a, b) => a.order - b.order)
      .map((s) => {
        const catalogue = definition ? catalogueSensorOf(definition, s) : undefined;
        if (catalogue) used.add(catalogue.id);
        return {
          sensorId: catalogue?.id ?? null,
          key: catalogue?.fullKey ?? null,
          name: s.name,
          unitOfMeasure: s.unitOfMeasure,
          about: catalogue ? (rows?.get(catalogue.id) ?? null) : null,
        };
      });
    out.push({
      id: m.moduleId,
      hardwareId: m.hardwareId,
      name: m.name,
      label: m.label,
      position: m.position,
      internal: m.internal,
      configured: true,
      sensors: rows ? [...sensors, ...unmatched(rows, used)] : sensors,
    });
  }
  for (const [moduleId, rows] of [...byModule.entries()].sort((a, b) => a[0] - b[0])) {
    if (configuredIds.has(moduleId)) continue;
    const definition = definitionOf(rows);
    out.push({
      id: moduleId,
      hardwareId: null,
      name: definition?.key ?? `module-${moduleId}`,
      label: null,
      position: null,
      internal: definition?.internal ?? false,
      configured: false,
      sensors: unmatched(rows, new Set()),
    });
  }
  return out;
}
