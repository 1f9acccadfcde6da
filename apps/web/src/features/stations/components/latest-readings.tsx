import type { StationModule } from '@groundtruth/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/i18n';
import { useSensorsMeta } from '../api/get-sensors-meta';
import { formatDateTime, formatReading } from '@/lib/format';
import { catalogueSensor, sensorLabel } from '../utils/modules';

type LatestReadingsProps = {
  readonly module: StationModule;
  /** The heading's accessible name (the module's name is said by the heading around it). */
  readonly labelledBy?: string;
  readonly dense?: boolean;
  /** Latest values from the station's tail, by catalogue sensor id: used while a sensor has no reading of its own. */
  readonly fallback?: ReadonlyMap<number, { readonly last: number; readonly time: number }>;
};

/** Spec §2 Reusable pieces: the latest reading of each sensor of a module, 1 decimal, '--' while none. */
export const LatestReadings = ({ module, labelledBy, dense = false, fallback }: LatestReadingsProps) => {
  const { t } = useTranslation();
  const meta = useSensorsMeta().data;
  const locale = currentLocale();
  const sensors = [...module.sensors].sort((a, b) => a.order - b.order);
  if (sensors.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('station.explore.noData')}
      </Typography>
    );
  }
  return (
    <Box
      component="dl"
      aria-labelledby={labelledBy}
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 2, rowGap: dense ? 0.25 : 0.75 }}
    >
      {sensors.map((sensor) => {
        const definition = catalogueSensor(meta, module.name, sensor.name);
        const unit = definition?.unitOfMeasure ?? sensor.unitOfMeasure;
        const reading = sensor.reading ?? (definition ? fallback?.get(definition.id) : undefined) ?? null;
        return (
          <Box key={`${sensor.order}-${sensor.name}`} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {sensorLabel(definition, sensor.name, locale)}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, fontWeight: 600, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
              title={reading ? t('station.explore.readAt', { time: formatDateTime(reading.time) }) : undefined}
            >
              {formatReading(reading?.last, unit)}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
};
