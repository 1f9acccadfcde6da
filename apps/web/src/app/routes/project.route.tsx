import { useParams } from 'react-router-dom';
import { DiscussionPanel } from '@/features/discussions/components/discussion-panel';
import { NotFoundView } from '@/features/not-found/components/not-found-view';
import { ProjectHistoryRoute } from './history.routes';
import { ProjectView } from '@/features/projects/components/project-view';
import { parseProjectId } from '@/features/projects/utils/project-id';

type ProjectRouteProps = {
  /** viewProject, viewProjectActivity (the activity panel open), viewProjectPublic (the public view forced) or viewProjectHistory. */
  readonly view?: 'dashboard' | 'activity' | 'public' | 'history';
};

/** /dashboard/projects/:id (and /activity, /public). A non-numeric id is a page that does not exist. */
export const ProjectRoute = ({ view = 'dashboard' }: ProjectRouteProps) => {
  if (view === 'history') return <ProjectHistoryRoute />;
  return <ProjectPage view={view} />;
};

const ProjectPage = ({ view }: { view: 'dashboard' | 'activity' | 'public' }) => {
  const projectId = parseProjectId(useParams().id);
  if (projectId === null) return <NotFoundView />;
  return (
    <ProjectView
      key={projectId}
      projectId={projectId}
      forcePublic={view === 'public'}
      activityOpen={view === 'activity'}
      notFound={<NotFoundView />}
      comments={(id) => <DiscussionPanel place={{ projectId: id }} />}
    />
  );
};
