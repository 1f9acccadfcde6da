import { useParams, useSearchParams } from 'react-router-dom';
import { NotFoundView } from '@/features/not-found/components/not-found-view';
import { AddProjectPage, EditProjectPage } from '@/features/projects/components/project-form-page';
import { ProjectUpdatePage } from '@/features/projects/components/project-update-form';
import { parseProjectId } from '@/features/projects/utils/project-id';

// The project and project-update forms, loaded on demand (secured routes).

/** addProject: /dashboard/project/add. */
export const AddProjectRoute = AddProjectPage;

/** editProject: /dashboard/projects/:id/edit. */
export const EditProjectRoute = () => {
  const projectId = parseProjectId(useParams().id);
  if (projectId === null) return <NotFoundView />;
  return <EditProjectPage key={projectId} projectId={projectId} />;
};

/** addProjectUpdate (?project={id}) and editProjectUpdate (/dashboard/project-updates/:id/edit?project={id}). */
export const ProjectUpdateRoute = () => {
  const params = useParams();
  const [search] = useSearchParams();
  const updateId = params.id === undefined ? null : parseProjectId(params.id);
  if (params.id !== undefined && updateId === null) return <NotFoundView />;
  const projectId = parseProjectId(search.get('project') ?? undefined);
  return <ProjectUpdatePage key={`${updateId ?? 'new'}-${projectId ?? ''}`} projectId={projectId} updateId={updateId} />;
};
