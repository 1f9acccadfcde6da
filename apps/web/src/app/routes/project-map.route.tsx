import { useLocation, useParams } from 'react-router-dom';
import { partner } from '@/config/partner';
import { ProjectMapView } from '@/features/maps/components/project-map-view';
import { parseRouteId } from '@/features/maps/utils/ids';
import { NotFoundView } from '@/features/not-found/components/not-found-view';

/**
 * viewProjectBigMap and viewProjectBigMapList (id): the project's stations on a big map or in a list.
 * One component for both, so switching keeps what was loaded.
 */
export const ProjectBigMapRoute = () => {
  const { id } = useParams();
  const projectId = parseRouteId(id);
  const list = useLocation().pathname.endsWith('/list');
  if (projectId === null) return <NotFoundView />;
  return <ProjectMapView key={projectId} projectId={projectId} mode={list ? 'list' : 'map'} notFound={<NotFoundView />} />;
};

/**
 * The root route in flood mode (spec §2: the big map of the fixed project, 174). Outside a partner
 * mode with a fixed project it is the not-found page: the root shows the project list there.
 */
export const FloodHomeRoute = () => {
  const projectId = partner.fixedProjectId;
  if (projectId === null) return <NotFoundView />;
  return <ProjectMapView projectId={projectId} mode="map" notFound={<NotFoundView />} />;
};
