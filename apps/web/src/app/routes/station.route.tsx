import { useMatch, useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { FieldNotes } from '@/features/notes/components/field-notes';
import { StationNotesPanel } from '@/features/notes/components/station-notes-panel';
import { NotFoundView } from '@/features/not-found/components/not-found-view';
import { StationPage } from '@/features/stations/components/station-page';
import { parseRouteId } from '@/features/stations/utils/station-id';
import { StationHistoryRoute } from './history.routes';

/**
 * viewStation (/dashboard/projects/:projectId/station/:stationId) and viewStationFromMap
 * (/station/:stationId): the station page with its notes and field notes. Ids that are not numbers
 * are pages that do not exist.
 */
export const StationRoute = () => {
  const params = useParams();
  // stationHistory (/station/:stationId/history) loads with the station page.
  if (useMatch(paths.stationHistory.path)) return <StationHistoryRoute />;
  const stationId = parseRouteId(params['stationId']);
  const projectId = params['projectId'] === undefined ? null : parseRouteId(params['projectId']);
  if (stationId === null || (params['projectId'] !== undefined && projectId === null)) return <NotFoundView />;
  return (
    <StationPage
      key={stationId}
      stationId={stationId}
      projectId={projectId}
      notFound={<NotFoundView />}
      notes={<StationNotesPanel stationId={stationId} />}
      fieldNotes={<FieldNotes stationId={stationId} />}
    />
  );
};
