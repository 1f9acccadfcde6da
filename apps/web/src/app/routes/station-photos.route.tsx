import { useParams } from 'react-router-dom';
import { NotFoundView } from '@/features/not-found/components/not-found-view';
import { StationPhotosPage } from '@/features/stations/components/station-photos-page';
import { parseRouteId } from '@/features/stations/utils/station-id';

/** stationPhotos (/station/:stationId/photos) and viewStationPhotos (…/projects/:projectId/station/:stationId/photos). */
export const StationPhotosRoute = () => {
  const params = useParams();
  const stationId = parseRouteId(params['stationId']);
  const projectId = params['projectId'] === undefined ? null : parseRouteId(params['projectId']);
  if (stationId === null || (params['projectId'] !== undefined && projectId === null)) return <NotFoundView />;
  return <StationPhotosPage key={stationId} stationId={stationId} projectId={projectId} notFound={<NotFoundView />} />;
};
