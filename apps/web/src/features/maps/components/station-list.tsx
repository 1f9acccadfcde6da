import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MapStation } from '@groundtruth/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/i18n';
import { formatBattery, formatDateTime, formatReading } from '@/lib/format';
import { recentHours } from '../api/get-map-stations';
import { sensorLabel, type StationReading } from '../utils/station-readings';

const Swatch = ({ colour, muted }: { colour: string; muted: boolean }) => (
  <Box
    aria-hidden
    sx={{
      width: 14,
      height: 14,
      mt: 0.5,
      borderRadius: '50%',
      flexShrink: 0,
      bgcolor: colour,
      border: '2px solid',
      borderColor: muted ? '#424242' : '#ffffff',
      borderStyle: muted ? 'dashed' : 'solid',
      boxShadow: '0 0 0 1px rgba(0,0,0,0.35)',
    }}
  />
);

type FactProps = { readonly label: string; readonly value: string };
const Fact = ({ label, value }: FactProps) => (
  <Box component="div" sx={{ display: 'flex', gap: 0.5, minWidth: 0 }}>
    <Typography component="dt" variant="body2" color="text.secondary">
      {label}:
    </Typography>
    <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
      {value}
    </Typography>
  </Box>
);

/**
 * A station's readings as text: its latest ('12.3 in (Flood Depth)', the station page's), and its
 * highest in the recent window, or what is missing.
 */
export const useReadingText = () => {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (reading: StationReading | undefined): { latest: string; recent: string | null } => {
    if (!reading || reading.category === 'noData') return { latest: t('stationsMap.noData'), recent: null };
    if (reading.category === 'inactive') return { latest: t('stationsMap.inactive'), recent: null };
    const unit = reading.sensor?.unitOfMeasure;
    const latest =
      reading.latest === null
        ? t('stationsMap.noData')
        : `${formatReading(reading.latest, unit)}${reading.sensor ? ` (${sensorLabel(reading.sensor, locale)})` : ''}`;
    const recent =
      reading.recent === null ? t('stationsMap.noneInWindow', { hours: recentHours() }) : formatReading(reading.recent, unit);
    return { latest, recent };
  };
};

type StationCardProps = {
  readonly station: MapStation;
  readonly reading: StationReading | undefined;
  /** Opens the station on the map; the card is a button then. */
  readonly onOpen?: (stationId: number) => void;
  /** More content under the facts (a tiny chart). */
  readonly children?: ReactNode;
  readonly headingLevel?: 'h2' | 'h3';
};

/** One station in a list: name, latest reading (with its threshold colour), last seen, battery, place. */
export const StationCard = ({ station, reading, onOpen, children, headingLevel = 'h2' }: StationCardProps) => {
  const { t } = useTranslation();
  const text = useReadingText()(reading);
  const heading = (
    <Typography component={headingLevel} variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
      {station.name}
    </Typography>
  );
  return (
    <Paper variant="outlined" sx={{ p: 1.5, height: '100%', display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Swatch colour={reading?.colour ?? '#000000'} muted={reading?.category === 'inactive'} />
        {onOpen ? (
          <ButtonBase
            onClick={() => onOpen(station.id)}
            aria-label={t('stationsMap.openSummary', { name: station.name })}
            sx={{
              textAlign: 'left',
              justifyContent: 'flex-start',
              borderRadius: 0.5,
              '&:hover': { textDecoration: 'underline' },
              '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          >
            {heading}
          </ButtonBase>
        ) : (
          heading
        )}
      </Stack>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.25 }}>
        <Fact label={t('stationsMap.latest')} value={text.latest} />
        {text.recent !== null ? (
          <Fact label={t('stationsMap.highestRecent', { hours: recentHours() })} value={text.recent} />
        ) : null}
        <Fact label={t('stationsMap.lastSeen')} value={formatDateTime(station.lastReadingAt ?? reading?.time ?? null)} />
        <Fact label={t('stationsMap.battery')} value={formatBattery(station.battery)} />
        <Fact label={t('stationsMap.location')} value={station.place ?? (station.location ? '--' : t('stationsMap.unmapped'))} />
      </Box>
      {children}
    </Paper>
  );
};

type StationListProps = {
  readonly stations: readonly MapStation[];
  readonly readings: ReadonlyMap<number, StationReading>;
  readonly onOpen?: (stationId: number) => void;
  readonly label: string;
  readonly renderExtra?: (station: MapStation) => ReactNode;
};

/** Stations as cards in a grid, in the order given. */
export const StationList = ({ stations, readings, onOpen, label, renderExtra }: StationListProps) => (
  <Box
    component="ul"
    aria-label={label}
    sx={{
      listStyle: 'none',
      p: 0,
      m: 0,
      display: 'grid',
      gap: 1.5,
      gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
    }}
  >
    {stations.map((station) => (
      <Box component="li" key={station.id}>
        <StationCard station={station} reading={readings.get(station.id)} {...(onOpen ? { onOpen } : {})}>
          {renderExtra?.(station)}
        </StationCard>
      </Box>
    ))}
  </Box>
);
