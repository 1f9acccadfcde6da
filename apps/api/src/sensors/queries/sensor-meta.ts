import { MODULE_DEFINITIONS, SENSOR_DEFINITIONS, type ModuleDefinition, type SensorDefinition } from '@groundtruth/domain';
import type { ModuleMeta, ModulesMeta, SensorsMeta } from '@groundtruth/contracts';

/** A module definition's display name: `fk.water.ph` is `modules.water.ph` (the firmware's naming), others keep their key. */
export const moduleNameOf = (key: string): string => (key.startsWith('fk.') ? `modules.${key.slice(3)}` : key);

const sensorMeta = (sensor: SensorDefinition): ModuleMeta['sensors'][number] => ({
  id: sensor.id,
  key: sensor.key,
  fullKey: sensor.fullKey,
  firmwareKey: sensor.firmwareKey,
  unitOfMeasure: sensor.unitOfMeasure,
  order: sensor.ordering,
  internal: sensor.internal,
  aggregation: sensor.aggregation,
  ranges: sensor.ranges.map((r) => ({ minimum: r.minimum, maximum: r.maximum, constrained: r.constrained ?? false })),
  viz: sensor.viz.map((v) => ({
    name: v.name,
    disabled: v.disabled,
    minimumGap: v.minimumGap ?? null,
    thresholds:
      v.thresholds === null
        ? null
        : {
            label: { ...v.thresholds.label },
            levels: v.thresholds.levels.map((l) => ({
              start: l.start,
              value: l.value,
              color: l.color,
              hidden: l.hidden ?? false,
              label: { ...l.label },
              plainLabel: { ...l.plainLabel },
              mapKeyLabel: { ...l.mapKeyLabel },
            })),
          },
  })),
  strings: Object.fromEntries(Object.entries(sensor.strings).map(([locale, s]) => [locale, { ...s }])),
  aliases: [...sensor.aliases],
});

const moduleMeta = (module: ModuleDefinition): ModuleMeta => ({
  id: module.id,
  key: module.key,
  name: moduleNameOf(module.key),
  header: { manufacturer: module.manufacturer, kinds: [...module.kinds], version: [...module.version] },
  internal: module.internal,
  sensors: module.sensors.map(sensorMeta),
});

/** GET /modules/meta: the catalogue is code, so the answer is built once. */
export const MODULES_META: ModulesMeta = { modules: MODULE_DEFINITIONS.map(moduleMeta) };

/** GET /meta/sensors. */
export const SENSORS_META: SensorsMeta = {
  sensors: SENSOR_DEFINITIONS.map((s) => ({ id: s.id, key: s.fullKey })),
  modules: MODULES_META.modules,
};
