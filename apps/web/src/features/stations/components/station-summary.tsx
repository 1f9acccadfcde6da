import CloseIcon from '@mui/icons-material/Close';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { visuallyHidden } from '@/components/visually-hidden';
import { partner } from '@/config/partner';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useStation } from '../api/get-station';
import { formatDateTime } from '@/lib/format';
import { DetailsTab } from './details-tab';
import { ExploreTab } from './explore-tab';
import { StationHeader } from './station-header';

export type StationSummaryTab = 'explore' | 'fieldNotes' | 'details';
const TABS: readonly StationSummaryTab[] = ['explore', 'fieldNotes', 'details'];

export type StationSummaryProps = {
  readonly stationId: number;
  /** Shows a close button that calls it (the map's station panel). */
  readonly onClose?: () => void;
  /** The project the visitor came from: the explore bookmark and the station page link keep it. */
  readonly projectId?: number | null;
  /** The field notes tab's content; the notes feature provides it (features do not import each other). */
  readonly fieldNotes?: ReactNode;
  /** The read-only notes form of the details tab, from the notes feature. */
  readonly notes?: ReactNode;
  readonly initialTab?: StationSummaryTab;
};

const Frame = ({ labelledBy, label, children }: { labelledBy?: string; label?: string; children: ReactNode }) => (
  <Paper
    component="section"
    variant="outlined"
    aria-labelledby={labelledBy}
    aria-label={label}
    sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}
  >
    {children}
  </Paper>
);

const CloseButton = ({ onClose }: { onClose?: () => void }) => {
  const { t } = useTranslation();
  if (!onClose) return null;
  return (
    <IconButton onClick={onClose} aria-label={t('station.close')} size="small" sx={{ alignSelf: 'flex-start' }}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );
};

/**
 * Spec §2 Station summary: header (name, location rows, photo, battery) and three tabs: explore (each
 * module's tiny chart and latest readings; a chart opens the explore workspace in a new tab), field
 * notes, and details (projects, module icons, firmware, read-only notes). Used beside the maps and on
 * the station page; `apps/web/src/app/routes/station-summary-panel.tsx` composes it with the notes.
 */
export const StationSummary = ({
  stationId,
  onClose,
  projectId = null,
  fieldNotes,
  notes,
  initialTab = 'explore',
}: StationSummaryProps) => {
  const { t } = useTranslation();
  const id = useId();
  const headingId = `${id}-name`;
  const [tab, setTab] = useState<StationSummaryTab>(initialTab);
  const query = useStation(stationId);

  if (query.isPending) {
    return (
      <Frame label={t('station.loading')}>
        <Stack direction="row" spacing={2} aria-busy="true">
          <Typography role="status" sx={visuallyHidden}>
            {t('station.loading')}
          </Typography>
          <Skeleton variant="rectangular" width={96} height={96} aria-hidden />
          <Box sx={{ flex: 1 }} aria-hidden>
            <Skeleton variant="text" width="70%" height={32} />
            <Skeleton variant="text" width="50%" />
            <Skeleton variant="text" width="40%" />
          </Box>
          <CloseButton onClose={onClose} />
        </Stack>
      </Frame>
    );
  }
  if (query.isError) {
    const error = query.error;
    let body: ReactNode;
    if (isApiError(error) && error.isForbidden) body = <Alert severity="warning">{t('station.privateStation')}</Alert>;
    else if (isApiError(error) && (error.isNotFound || error.status === 400))
      body = <Alert severity="info">{t('notFound.message')}</Alert>;
    else body = <ErrorState message={t('station.loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
    return (
      <Frame label={t('station.loadFailed')}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1 }}>{body}</Box>
          <CloseButton onClose={onClose} />
        </Stack>
      </Frame>
    );
  }

  const station = query.data;
  const pageHref =
    projectId === null ? paths.viewStationFromMap.getHref(station.id) : paths.viewStation.getHref(projectId, station.id);

  return (
    <Frame labelledBy={headingId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <StationHeader
            station={station}
            headingId={headingId}
            extraRows={[{ label: t('station.page.lastSeen'), value: formatDateTime(station.lastReadingAt) }]}
          />
        </Box>
        <CloseButton onClose={onClose} />
      </Stack>
      <Box>
        <Button
          href={pageHref}
          target="_blank"
          rel="noopener"
          size="small"
          variant="outlined"
          endIcon={<OpenInNewIcon aria-hidden />}
          aria-label={`${t(partner.stationNoun === 'sensor' ? 'station.openSensorPage' : 'station.openPage')}: ${station.name} ${t('station.explore.newTab')}`}
        >
          {t(partner.stationNoun === 'sensor' ? 'station.openSensorPage' : 'station.openPage')}
        </Button>
      </Box>
      <Tabs
        value={tab}
        onChange={(_event, value: StationSummaryTab) => setTab(value)}
        aria-label={t('station.tabsLabel')}
        variant="fullWidth"
        sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 40 }}
      >
        {TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`station.tabs.${name}`)}
            id={`${id}-tab-${name}`}
            aria-controls={`${id}-panel-${name}`}
            sx={{ minHeight: 40, textTransform: 'none' }}
          />
        ))}
      </Tabs>
      {TABS.map((name) => (
        <Box key={name} role="tabpanel" id={`${id}-panel-${name}`} aria-labelledby={`${id}-tab-${name}`} hidden={tab !== name}>
          {tab !== name ? null : name === 'explore' ? (
            <ExploreTab station={station} projectId={projectId} />
          ) : name === 'fieldNotes' ? (
            (fieldNotes ?? null)
          ) : (
            <DetailsTab station={station} notes={notes} />
          )}
        </Box>
      ))}
    </Frame>
  );
};
