import type { ModulesMeta, Station } from '@groundtruth/contracts';
import { localised, thresholdLevels, type StationReading } from './station-readings';

/** Spec §2 Project map view: only this project shows the threshold legend (the flood partner's project). */
export const THRESHOLD_LEGEND_PROJECT_ID = 174;

export type ThresholdLegend = {
  readonly title: string | null;
  readonly entries: readonly { readonly label: string; readonly colour: string }[];
};

type MetaSensor = ModulesMeta['modules'][number]['sensors'][number];

const bare = (name: string): string =>
  name
    .trim()
    .replace(/^(modules|fk|wh)\./i, '')
    .toLowerCase();

/** The station's sensor with threshold levels: the one its marker shows, else the first of its modules' that has some. */
const thresholdSensor = (
  station: Station,
  reading: StationReading | undefined,
  meta: ModulesMeta | undefined,
): MetaSensor | null => {
  if (reading?.sensor && thresholdLevels(reading.sensor).length > 0) return reading.sensor;
  for (const configuration of station.configurations.all) {
    for (const module of configuration.modules) {
      for (const known of meta?.modules ?? []) {
        if (bare(known.key) !== bare(module.name)) continue;
        const sensor = known.sensors.find((s) => thresholdLevels(s).length > 0);
        if (sensor) return sensor;
      }
    }
  }
  return null;
};

/**
 * The legend of the first station's threshold levels (those not hidden), in the visitor's language,
 * or null when it has none. The caller adds the 'no data' entry.
 */
export const thresholdLegend = (
  station: Station | undefined,
  reading: StationReading | undefined,
  meta: ModulesMeta | undefined,
  locale: string,
): ThresholdLegend | null => {
  if (!station) return null;
  const sensor = thresholdSensor(station, reading, meta);
  if (!sensor) return null;
  const viz = sensor.viz.find((v) => v.thresholds && v.thresholds.levels.length > 0);
  const entries = thresholdLevels(sensor)
    .filter((level) => !level.hidden)
    .map((level) => ({
      label: localised(level.mapKeyLabel, locale) ?? localised(level.label, locale) ?? `${level.start}–${level.value}`,
      colour: level.color,
    }));
  return { title: localised(viz?.thresholds?.label, locale), entries };
};
