import { CATALOGUE_DATA } from './catalogue.data.js';
import type {
  LocalisedText,
  ModuleDefinitionData,
  SensorAggregation,
  SensorDefinitionData,
  SensorStrings,
  SensorViz,
} from './catalogue.types.js';
import { SPANISH_CATALOGUE_TEXT } from './labels.es.js';

export type * from './catalogue.types.js';

/** A sensor of the catalogue, with the module definition it belongs to. */
export type SensorDefinition = SensorDefinitionData & {
  readonly moduleId: number;
  readonly moduleKey: string;
};

export type ModuleDefinition = Omit<ModuleDefinitionData, 'sensors'> & {
  /** Sorted by `ordering` (the firmware's sensor index). */
  readonly sensors: readonly SensorDefinition[];
};

const spanish = (text: string | undefined): string | undefined =>
  text === undefined ? undefined : (SPANISH_CATALOGUE_TEXT[text] ?? text);

/** A sensor's strings with `es-es` added from the English ones (the shared catalogue is English only). */
const withSpanishStrings = (strings: SensorDefinitionData['strings']): SensorDefinitionData['strings'] => {
  const english = strings['en-us'];
  if (!english || strings['es-es']) return strings;
  const es: SensorStrings = Object.fromEntries(
    Object.entries(english).map(([key, text]) => [key, spanish(text as string | undefined)]),
  );
  return { ...strings, 'es-es': es };
};

const withSpanishText = (text: LocalisedText): LocalisedText =>
  text['en-US'] !== undefined && text['es-ES'] === undefined ? { ...text, 'es-ES': spanish(text['en-US'])! } : text;

const withSpanishViz = (viz: SensorViz): SensorViz =>
  viz.thresholds === null
    ? viz
    : {
        ...viz,
        thresholds: {
          label: withSpanishText(viz.thresholds.label),
          levels: viz.thresholds.levels.map((level) => ({
            ...level,
            label: withSpanishText(level.label),
            plainLabel: withSpanishText(level.plainLabel),
            mapKeyLabel: withSpanishText(level.mapKeyLabel),
          })),
        },
      };

/**
 * The 19 module definitions of the shared FieldKit catalogue, in id order (oldest first), its
 * texts in Spanish too (labels.es.ts).
 */
export const MODULE_DEFINITIONS: readonly ModuleDefinition[] = CATALOGUE_DATA.map((module) => ({
  ...module,
  sensors: [...module.sensors]
    .sort((a, b) => a.ordering - b.ordering || a.id - b.id)
    .map((sensor) => ({
      ...sensor,
      strings: withSpanishStrings(sensor.strings),
      viz: sensor.viz.map(withSpanishViz),
      moduleId: module.id,
      moduleKey: module.key,
    })),
}));

/** Every sensor definition, in id order. */
export const SENSOR_DEFINITIONS: readonly SensorDefinition[] = MODULE_DEFINITIONS.flatMap((m) => m.sensors).sort(
  (a, b) => a.id - b.id,
);

const sensorsById = new Map(SENSOR_DEFINITIONS.map((sensor) => [sensor.id, sensor]));
const modulesById = new Map(MODULE_DEFINITIONS.map((module) => [module.id, module]));
// Several definitions share a full key (an older and a newer module layout): the newest wins.
const sensorsByFullKey = new Map(SENSOR_DEFINITIONS.map((sensor) => [sensor.fullKey, sensor]));

export function sensorById(id: number): SensorDefinition | undefined {
  return sensorsById.get(id);
}

export function moduleById(id: number): ModuleDefinition | undefined {
  return modulesById.get(id);
}

/**
 * The sensor with this full key (`fk.water.ec.ec`). When older and newer module definitions both
 * have it, the newest definition's sensor.
 */
export function sensorByFullKey(fullKey: string): SensorDefinition | undefined {
  return sensorsByFullKey.get(fullKey);
}

/**
 * The module definition a station module's header names (manufacturer and kind). When several
 * match, the newest definition; give `sensorNames` (the firmware's sensor names, as a station's
 * module info lists them) to prefer, among the matches, the newest one knowing every name
 * (by key, firmware key or alias) — the generic water kind matches several definitions.
 */
export function moduleForHeader(
  manufacturer: number,
  kind: number,
  sensorNames?: readonly string[],
): ModuleDefinition | undefined {
  const matches = MODULE_DEFINITIONS.filter((m) => m.manufacturer === manufacturer && m.kinds.includes(kind));
  if (sensorNames !== undefined && sensorNames.length > 0) {
    const knowing = matches.filter((m) => sensorNames.every((name) => m.sensors.some((s) => sensorAnswersTo(s, name))));
    if (knowing.length > 0) return knowing[knowing.length - 1];
  }
  return matches[matches.length - 1];
}

/** The sensor at a firmware index of a module (by `ordering`); the first one when two share it. */
export function sensorOfModule(module: ModuleDefinition, index: number): SensorDefinition | undefined {
  return module.sensors.find((sensor) => sensor.ordering === index);
}

/** The sensor of a module a firmware name designates (key, firmware key or alias). */
export function sensorOfModuleNamed(module: ModuleDefinition, name: string): SensorDefinition | undefined {
  return module.sensors.find((sensor) => sensorAnswersTo(sensor, name));
}

/** How a sensor's chart buckets are summarised: 'max' for flood depth and tide, 'avg' otherwise. */
export function aggregationOf(sensorId: number): SensorAggregation {
  return sensorsById.get(sensorId)?.aggregation ?? 'avg';
}

function sensorAnswersTo(sensor: SensorDefinitionData, name: string): boolean {
  return sensor.key === name || sensor.firmwareKey === name || sensor.aliases.includes(name);
}
