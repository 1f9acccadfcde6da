import type { Station } from '@groundtruth/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Facts } from '@/components/facts';
import { ModuleIcon } from '@/components/module-icon';
import { MapView, SMALL_MAP_ZOOM } from '@/components/map';
import { partner } from '@/config/partner';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';
import { MISSING, formatCoordinate, formatDateTime, formatLocalDate } from '@/lib/format';
import { stationModules, visibleModules } from '../utils/modules';
import { BatteryIndicator } from './battery-indicator';
import { EditableDescription } from './editable-description';
import { ExploreDataButton } from './explore-data-button';
import { ModuleTabs } from './module-tabs';
import { StationPhoto } from './station-photo';
import { StationPhotosStrip } from './station-photos-strip';
import { StationProjects } from './station-projects';
import { stationImageUrl } from './station-header';

const Section = ({ title, children, id }: { title: string; children: ReactNode; id?: string }) => {
  const generated = useId();
  const headingId = id ?? generated;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, md: 2.5 } }}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
};

type StationDetailsProps = {
  /** The station's notes and field notes, composed by the route (the notes feature's). */
  readonly notes?: ReactNode;
  readonly fieldNotes?: ReactNode;
  readonly station: Station;
  readonly projectId: number | null;
};

const KNOWN_ATTRIBUTES = {
  Neighborhood: 'neighborhood',
  Borough: 'borough',
  'Deployment Date': 'deploymentDate',
  'Deployed By': 'deployedBy',
} as const;

export const StationDetails = ({ station, projectId, notes, fieldNotes }: StationDetailsProps) => {
  const { t } = useTranslation();
  const attributeLabel = (name: string): string => {
    const known = KNOWN_ATTRIBUTES[name as keyof typeof KNOWN_ATTRIBUTES];
    return known ? t(`station.rows.${known}`) : name;
  };
  usePageTitle(station.name);
  const descriptionId = useId();
  const modules = visibleModules(stationModules(station));
  const inactive = station.status === 'down';
  const photosHref =
    projectId === null ? paths.stationPhotos.getHref(station.id) : paths.viewStationPhotos.getHref(projectId, station.id);

  return (
    <Box component="article" aria-labelledby="station-name">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' }, mb: 3 }}>
        <StationPhoto url={stationImageUrl(station)} alt={t('station.photo.alt', { name: station.name })} size={125} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography id="station-name" variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {station.name}
            </Typography>
            {inactive ? <Chip label={t('station.page.inactive')} color="warning" size="small" /> : null}
          </Stack>
          <Typography variant="body1" color="text.secondary" sx={{ mt: 0.5 }}>
            {station.deployedAt
              ? t('station.page.deployed', { date: formatLocalDate(station.deployedAt) })
              : t('station.page.readyToDeploy')}
          </Typography>
          <Box sx={{ mt: 1 }}>
            <Facts
              rows={[
                { label: t('station.page.owner'), value: station.owner.name || MISSING },
                { label: t('station.page.lastSeen'), value: formatDateTime(station.lastReadingAt) },
                { label: t('station.page.lastSynced'), value: formatDateTime(station.lastIngestionAt) },
                { label: t('station.page.battery'), value: <BatteryIndicator percent={station.battery} /> },
              ]}
            />
          </Box>
          <Box sx={{ mt: 2 }}>
            <ExploreDataButton station={station} projectId={projectId} />
          </Box>
        </Box>
      </Stack>

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Section title={t('station.page.description')} id={descriptionId}>
            <EditableDescription station={station} headingId={descriptionId} />
          </Section>
          <Section title={t('station.page.modules')}>
            <ModuleTabs station={station} projectId={projectId} />
          </Section>
          {notes ? <Section title={t('station.page.notes')}>{notes}</Section> : null}
          {fieldNotes ? <Section title={t('station.page.fieldNotes')}>{fieldNotes}</Section> : null}
        </Stack>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Section title={t('station.page.locationName')}>
            <Facts
              rows={[
                { label: t('station.page.locationName'), value: station.locationName ?? station.placeNameOther ?? MISSING },
                { label: t('station.page.nativeLand'), value: station.placeNameNative ?? MISSING },
                { label: t('station.page.latitude'), value: formatCoordinate(station.location?.latitude) },
                { label: t('station.page.longitude'), value: formatCoordinate(station.location?.longitude) },
              ]}
            />
            {station.location ? (
              <Box sx={{ mt: 2 }}>
                <MapView
                  label={t('station.page.mapOf', { name: station.name })}
                  view={{ center: station.location.precise, zoom: SMALL_MAP_ZOOM }}
                  markers={[
                    { id: station.id, position: station.location.precise, label: station.name, color: partner.colours.primary },
                  ]}
                  interactive={false}
                  height={220}
                />
              </Box>
            ) : (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('station.page.noLocation')}
              </Typography>
            )}
          </Section>
          <Section title={t('station.page.details')}>
            <Facts
              rows={[
                {
                  label: t('station.page.modules'),
                  value:
                    modules.length === 0 ? (
                      MISSING
                    ) : (
                      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                        {modules.map((m) => (
                          <ModuleIcon key={m.id} name={m.name} fontSize="small" />
                        ))}
                      </Stack>
                    ),
                },
                { label: t('station.page.firmware'), value: station.firmwareNumber ?? MISSING },
                { label: t('station.page.deviceId'), value: station.deviceId },
                { label: t('station.page.projects'), value: <StationProjects stationId={station.id} /> },
              ]}
            />
          </Section>
          <Section title={t('station.page.photos')}>
            <StationPhotosStrip station={station} photosHref={photosHref} />
          </Section>
          <Section title={t('station.page.attributes')}>
            {station.attributes.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('station.page.noAttributes')}
              </Typography>
            ) : (
              <Facts rows={station.attributes.map((a) => ({ label: attributeLabel(a.name), value: a.stringValue }))} />
            )}
          </Section>
        </Stack>
      </Box>
    </Box>
  );
};
