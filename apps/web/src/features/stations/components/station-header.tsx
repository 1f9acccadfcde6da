import type { Station } from '@groundtruth/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Facts, type FactRow } from '@/components/facts';
import { partner } from '@/config/partner';
import { MISSING } from '@/lib/format';
import { headerRows } from '../utils/header-rows';
import { BatteryIndicator } from './battery-indicator';
import { StationPhoto } from './station-photo';

type StationHeaderProps = {
  readonly station: Station;
  /** The name's heading level: 1 on a page of its own, 2 inside another page. */
  readonly headingLevel?: 1 | 2;
  readonly headingId?: string;
  /** More rows (last seen, …) after the location rows. */
  readonly extraRows?: readonly FactRow[];
  readonly photoSize?: number;
};

/** The station's image: the one chosen as station image, else the newest photo. */
export const stationImageUrl = (station: Pick<Station, 'photos'>): string | null =>
  (station.photos.find((p) => p.isStationImage) ?? station.photos[0])?.url ?? null;

/**
 * Spec §2 Station summary header: name, location rows (flood mode: neighborhood, borough, deployment
 * date, deployed by from the attributes; otherwise location name and native lands), photo, battery.
 */
export const StationHeader = ({ station, headingLevel = 2, headingId, extraRows = [], photoSize = 96 }: StationHeaderProps) => {
  const { t } = useTranslation();
  const rows = [
    ...headerRows(station, partner).map((row) => ({ label: t(`station.rows.${row.label}`), value: row.value ?? MISSING })),
    ...extraRows,
  ];
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
      <StationPhoto url={stationImageUrl(station)} alt={t('station.photo.alt', { name: station.name })} size={photoSize} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography
          id={headingId}
          component={headingLevel === 1 ? 'h1' : 'h2'}
          variant={headingLevel === 1 ? 'h4' : 'h6'}
          sx={{ overflowWrap: 'anywhere', lineHeight: 1.2, mb: 0.5 }}
        >
          {station.name}
        </Typography>
        <Facts rows={rows} dense />
        <Box sx={{ mt: 0.5 }}>
          <BatteryIndicator percent={station.battery} />
        </Box>
      </Box>
    </Stack>
  );
};
