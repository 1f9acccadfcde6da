import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/i18n';
import type { StationReading } from '../utils/station-readings';
import { colourLegend } from '../utils/threshold-legend';
import type { LegendEntryData } from '../utils/threshold-legend';

/** The legend entries for every colour the markers are drawn in, in the page's language. */
export const useColourLegend = (readings: Iterable<StationReading>): readonly LegendEntryData[] => {
  const { t } = useTranslation();
  return colourLegend(readings, currentLocale(), {
    defaultColour: t('stationsMap.legendDefault'),
    noValue: t('stationsMap.legendNoValue'),
    inactive: t('stationsMap.inactive'),
  });
};
