import { type CreateProjectBody, type Project, projectRoutes, type UpdateProjectBody } from '@groundtruth/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';
import { projectQueryOptions } from './get-project';
import { projectsQueryKey } from './get-projects';

/** POST /projects: the creator becomes its administrator. */
export const createProject = (body: CreateProjectBody): Promise<Project> => callRoute(projectRoutes.createProject, { body });

/** PATCH /projects/{id}, made on `version` (the project's `version` when the form loaded it): 409 when it is no longer the current one. */
export const updateProject = (id: number, body: UpdateProjectBody, version: number): Promise<Project> =>
  callRoute(projectRoutes.updateProject, { params: { id }, body: { ...body, version } });

/** DELETE /projects/{id}: the project goes, its stations stay. */
export const deleteProject = async (id: number): Promise<void> => {
  await callRoute(projectRoutes.deleteProject, { params: { id } });
};

/** POST /projects/{id}/media: the project photo as multipart field `file` (jpeg, png or gif). */
export const uploadProjectPhoto = (id: number, file: File): Promise<Project> => {
  const form = new FormData();
  form.append('file', file);
  return callRoute(projectRoutes.uploadProjectPhoto, { params: { id }, form });
};

/** Saves the project (creating it when there is no id), then its new photo if one was chosen. */
export const useSaveProject = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      body,
      version,
      photo,
    }: {
      id: number | null;
      body: CreateProjectBody;
      /** The version the edit was made on (ignored when creating). */
      version: number;
      photo: File | null;
    }) => {
      const saved = id === null ? await createProject(body) : await updateProject(id, body, version);
      return photo ? uploadProjectPhoto(saved.id, photo) : saved;
    },
    onSuccess: (project) => {
      queryClient.setQueryData(projectQueryOptions(project.id).queryKey, (previous) =>
        // The answer about one project may leave the team out; keep the one held.
        previous ? { ...project, users: project.users ?? previous.users } : project,
      );
      void queryClient.invalidateQueries({ queryKey: projectsQueryKey });
    },
  });
};

export const useDeleteProject = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: projectQueryOptions(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: projectsQueryKey });
    },
  });
};
