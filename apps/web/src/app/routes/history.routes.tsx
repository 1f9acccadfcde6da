import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { BackLink } from '@/components/back-link';
import { HistoryViewer } from '@/components/history';
import { paths } from '@/config/paths';
import { NotFoundView } from '@/features/not-found/components/not-found-view';
import { useProject } from '@/features/projects/api/get-project';
import { parseProjectId } from '@/features/projects/utils/project-id';
import { useStation } from '@/features/stations/api/get-station';
import { parseRouteId } from '@/features/stations/utils/station-id';
import { usePageTitle } from '@/hooks/use-page-title';

/** The page's two tabs: the thing itself, and its history (this page). */
const PageTabs = ({ overview }: { overview: string }) => {
  const { t } = useTranslation();
  return (
    <Tabs value="history" sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }} aria-label={t('history.title')}>
      <Tab value="overview" label={t('history.overview')} component={RouterLink} to={overview} />
      <Tab value="history" label={t('history.tab')} />
    </Tabs>
  );
};

const HistoryPage = ({ name, overview, streamId }: { name: string | undefined; overview: string; streamId: string }) => {
  const { t } = useTranslation();
  const title = name ? `${name}: ${t('history.title')}` : t('history.title');
  usePageTitle(title);
  return (
    <>
      <BackLink to={overview}>{name ?? t('history.overview')}</BackLink>
      <Typography variant="h4" component="h1" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      <PageTabs overview={overview} />
      <HistoryViewer streamId={streamId} />
    </>
  );
};

/** viewProjectHistory (/dashboard/projects/:id/history): the project's history, for its administrators. */
export const ProjectHistoryRoute = () => {
  const projectId = parseProjectId(useParams().id);
  const project = useProject(projectId ?? 0);
  if (projectId === null) return <NotFoundView />;
  return (
    <HistoryPage name={project.data?.name} overview={paths.viewProject.getHref(projectId)} streamId={`project-${projectId}`} />
  );
};

/** stationHistory (/station/:stationId/history): the station's history, for its owner. */
export const StationHistoryRoute = () => {
  const stationId = parseRouteId(useParams()['stationId']);
  const station = useStation(stationId ?? 0);
  if (stationId === null) return <NotFoundView />;
  return (
    <HistoryPage
      name={station.data?.name}
      overview={paths.viewStationFromMap.getHref(stationId)}
      streamId={`station-${stationId}`}
    />
  );
};
