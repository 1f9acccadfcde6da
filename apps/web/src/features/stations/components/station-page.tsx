import type { Station } from '@groundtruth/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorState } from '@/components/error-state';
import { Facts } from '@/components/facts';
import { ModuleIcon } from '@/components/module-icon';
import { MapView } from '@/components/map';
import { partner } from '@/config/partner';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';
import { MISSING, formatCoordinate, formatDateTime, formatLocalDate } from '@/lib/format';
import { useStation } from '../api/get-station';
import { useStationLoadFailure } from '../hooks/use-station-load-failure';
import { stationModules, visibleModules } from '../utils/modules';
import { BatteryIndicator } from './battery-indicator';
import { EditableDescription } from './editable-description';
import { ExploreDataButton } from './explore-data-button';
import { ModuleTabs } from './module-tabs';
import { StationPhoto } from './station-photo';
import { StationPhotosStrip } from './station-photos-strip';
import { StationProjects } from './station-projects';
import { stationImageUrl } from './station-header';
import { LoadingBlock } from '@/components/loading-block';

export type StationPageProps = {
  readonly stationId: number;
  /** The project the page was opened from (viewStation), or null (viewStationFromMap). */
  readonly projectId: number | null;
  /** The app's not-found page. */
  readonly notFound: ReactNode;
  /** The station's notes (the notes feature composes them in). */
  readonly notes?: ReactNode;
  readonly fieldNotes?: ReactNode;
};

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

const Loading = () => {
  const { t } = useTranslation();
  usePageTitle(t(`station.noun.${partner.stationNoun}`));
  return (
    <LoadingBlock label={t('station.loading')}>
      <Box aria-hidden>
        <Skeleton variant="text" width="40%" height={48} />
        <Skeleton variant="rectangular" height={160} sx={{ mt: 2 }} />
        <Skeleton sx={{ mt: 2 }} />
        <Skeleton width="70%" />
      </Box>
    </LoadingBlock>
  );
};

const Forbidden = () => {
  const { t } = useTranslation();
  usePageTitle(t('station.forbiddenTitle'));
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t(`station.noun.${partner.stationNoun}`)}
      </Typography>
      <Alert severity="warning" role="alert">
        <AlertTitle>{t('station.forbiddenTitle')}</AlertTitle>
        {t('station.privateStation')}
      </Alert>
    </>
  );
};

/** Spec §2 station page. */
export const StationPage = ({ stationId, projectId, notFound, notes, fieldNotes }: StationPageProps) => {
  const { t } = useTranslation();
  const query = useStation(stationId);
  const failure = useStationLoadFailure(query.isError ? query.error : null);

  const back =
    projectId === null ? (
      <Link component={RouterLink} to={paths.projects.getHref()} underline="hover" sx={backSx}>
        <ArrowBackIcon fontSize="small" aria-hidden />
        {t('station.page.backToProjects')}
      </Link>
    ) : (
      <Link component={RouterLink} to={paths.viewProject.getHref(projectId)} underline="hover" sx={backSx}>
        <ArrowBackIcon fontSize="small" aria-hidden />
        {t('station.page.backToProject')}
      </Link>
    );

  if (failure === 'notFound') return <>{notFound}</>;
  let body: ReactNode;
  if (query.isPending || failure === 'login' || failure === 'private') body = <Loading />;
  else if (failure === 'forbidden') body = <Forbidden />;
  else if (query.isError) {
    body = (
      <>
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          {t(`station.noun.${partner.stationNoun}`)}
        </Typography>
        <ErrorState message={t('station.loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </>
    );
  } else {
    body = <StationDetails station={query.data} projectId={projectId} notes={notes} fieldNotes={fieldNotes} />;
  }
  return (
    <>
      {back}
      {body}
    </>
  );
};

const backSx = { display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 } as const;

type StationDetailsProps = Pick<StationPageProps, 'notes' | 'fieldNotes'> & {
  readonly station: Station;
  readonly projectId: number | null;
};

const KNOWN_ATTRIBUTES = {
  Neighborhood: 'neighborhood',
  Borough: 'borough',
  'Deployment Date': 'deploymentDate',
  'Deployed By': 'deployedBy',
} as const;

const StationDetails = ({ station, projectId, notes, fieldNotes }: StationDetailsProps) => {
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
                  view={{ center: station.location.precise, zoom: 12 }}
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
