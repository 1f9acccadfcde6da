import { Navigate, useLocation, useParams } from 'react-router-dom';
import { PageLoading } from '@/components/page-loading';
import { paths } from '@/config/paths';
import { MyStationNotes } from '@/features/notes/components/my-station-notes';
import { ProjectNotesPage } from '@/features/notes/components/project-notes-page';
import { StationNotesPage } from '@/features/notes/components/station-notes-page';
import { NotFoundView } from '@/features/not-found/components/not-found-view';
import { useStation } from '@/features/stations/api/get-station';
import { parseRouteId } from '@/features/stations/utils/station-id';
import { ErrorState } from '@/components/error-state';
import { isApiError } from '@/lib/api-client';
import { useToken } from '@/lib/auth/session';
import { useTranslation } from 'react-i18next';

/** stationNotes (/notes/:stationId): the station's notes and field notes; the station names the page. */
export const StationNotesRoute = () => {
  const { t } = useTranslation();
  const location = useLocation();
  const signedIn = useToken() !== null;
  const stationId = parseRouteId(useParams()['stationId']);
  const station = useStation(stationId ?? 0);
  if (stationId === null) return <NotFoundView />;
  const error = station.error;
  if (isApiError(error) && (error.isNotFound || error.status === 400)) return <NotFoundView />;
  if (isApiError(error) && (error.isUnauthenticated || (error.isForbidden && !signedIn))) {
    const after = `${location.pathname}${location.search}`;
    return (
      <Navigate
        replace
        to={paths.login.getHref({ after, ...(error.isForbidden ? { reason: 'privateStation' as const } : {}) })}
      />
    );
  }
  if (station.isPending) return <PageLoading />;
  if (station.isError) {
    return (
      <ErrorState message={isApiError(error) && error.isForbidden ? t('station.privateStation') : t('station.loadFailed')} />
    );
  }
  return (
    <StationNotesPage
      key={stationId}
      stationId={stationId}
      stationName={station.data.name}
      stationHref={paths.viewStationFromMap.getHref(stationId)}
    />
  );
};

/** myStationNotes (/notes, signed in). */
export const MyStationNotesRoute = () => <MyStationNotes />;

/** viewProjectNotes and viewProjectStationNotes. */
export const ProjectNotesRoute = () => {
  const params = useParams();
  const projectId = parseRouteId(params['projectId']);
  const stationId = params['stationId'] === undefined ? null : parseRouteId(params['stationId']);
  if (projectId === null || (params['stationId'] !== undefined && stationId === null)) return <NotFoundView />;
  return <ProjectNotesPage key={projectId} projectId={projectId} stationId={stationId} notFound={<NotFoundView />} />;
};
