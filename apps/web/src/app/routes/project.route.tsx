import { useParams } from 'react-router-dom';
import { NotFoundView } from '@/features/not-found/components/not-found-view';
import { ProjectView } from '@/features/projects/components/project-view';
import { parseProjectId } from '@/features/projects/utils/project-id';

/** viewProject: /dashboard/projects/:id. A non-numeric id is a page that does not exist. */
export const ProjectRoute = () => {
  const projectId = parseProjectId(useParams().id);
  if (projectId === null) return <NotFoundView />;
  return <ProjectView key={projectId} projectId={projectId} notFound={<NotFoundView />} />;
};
