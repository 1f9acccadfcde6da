import type { MapStation } from '@groundtruth/contracts';
import {
  DEFAULT_MARKER_COLOUR,
  INACTIVE_COLOUR,
  NO_VALUE_COLOUR,
  localised,
  sensorLabel,
  thresholdLevels,
  type SensorInfo,
  type StationReading,
} from './station-readings';

/** Spec §2 Project map view: only this project shows the threshold legend (the flood partner's project). */
export const THRESHOLD_LEGEND_PROJECT_ID = 174;

export type ThresholdLegend = {
  readonly title: string | null;
  readonly entries: readonly { readonly label: string; readonly colour: string }[];
};

/**
 * The legend of the threshold levels of the first station whose marker shows a sensor that has them, in the visitor's language,
 * or null when it has none. The caller adds the 'no data' entry.
 */
export const thresholdLegend = (
  stations: readonly MapStation[],
  sensors: ReadonlyMap<number, SensorInfo>,
  locale: string,
): ThresholdLegend | null => {
  const sensor = stations
    .map((station) => (station.reading ? sensors.get(station.reading.sensorId)?.sensor : undefined))
    .find((found) => found !== undefined && thresholdLevels(found).length > 0);
  if (!sensor) return null;
  const viz = sensor.viz.find((v) => v.thresholds && v.thresholds.levels.length > 0);
  // Every level, hidden ones too: a marker below the first visible level (under 4 in of flood depth) is drawn in its colour.
  const entries = thresholdLevels(sensor).map((level) => ({
    label: localised(level.mapKeyLabel, locale) ?? localised(level.label, locale) ?? `${level.start}–${level.value}`,
    colour: level.color,
  }));
  return { title: localised(viz?.thresholds?.label, locale), entries };
};

export type ColourLegendTexts = {
  readonly defaultColour: string;
  readonly noValue: string;
  readonly inactive: string;
};

/**
 * One entry for every colour the markers are drawn in, and always no data and inactive (spec §2):
 * a threshold level's colour under the level's label (the sensor's name before it when the map
 * shows sensors of several kinds), the default colour (a reading of a sensor without levels, or
 * outside them) and black (no reading to show) under the texts given.
 */
export const colourLegend = (
  readings: Iterable<StationReading>,
  locale: string,
  texts: ColourLegendTexts,
): readonly LegendEntryData[] => {
  const levelled = new Map<string, { label: string; sensor: string; order: number }>();
  let usesDefault = false;
  for (const reading of readings) {
    if (reading.value === null || reading.category === 'inactive') continue;
    const levels = thresholdLevels(reading.sensor ?? undefined);
    const index = levels.findIndex((level) => level.start <= reading.value! && reading.value! < level.value);
    const level = levels[index];
    if (!level) {
      usesDefault = true;
      continue;
    }
    const colour = level.color.toLowerCase();
    if (!levelled.has(colour)) {
      levelled.set(colour, {
        label: localised(level.mapKeyLabel, locale) ?? localised(level.label, locale) ?? `${level.start}–${level.value}`,
        sensor: reading.sensor ? sensorLabel(reading.sensor, locale) : '',
        order: index,
      });
    }
  }
  const sensorsShown = new Set([...levelled.values()].map((entry) => entry.sensor));
  const entries: LegendEntryData[] = [...levelled.entries()]
    .sort(([, a], [, b]) => a.sensor.localeCompare(b.sensor) || a.order - b.order)
    .map(([colour, entry]) => ({
      label: sensorsShown.size > 1 && entry.sensor ? `${entry.sensor}: ${entry.label}` : entry.label,
      colour,
    }));
  if (usesDefault) entries.push({ label: texts.defaultColour, colour: DEFAULT_MARKER_COLOUR });
  entries.push({ label: texts.noValue, colour: NO_VALUE_COLOUR });
  entries.push({ label: texts.inactive, colour: INACTIVE_COLOUR, muted: true });
  return entries;
};

export type LegendEntryData = { readonly label: string; readonly colour: string; readonly muted?: boolean };
