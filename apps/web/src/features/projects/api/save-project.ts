import { Project, type CreateProjectBody, type UpdateProjectBody } from '@groundtruth/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NoContent, apiClient } from '@/lib/api-client';
import { projectQueryOptions } from './get-project';
import { projectsQueryKey } from './get-projects';

/** POST /projects: the creator becomes its administrator. */
export const createProject = (body: CreateProjectBody): Promise<Project> =>
  apiClient.post('/projects', Project, { body, auth: 'required' });

/** PATCH /projects/{id}. */
export const updateProject = (id: number, body: UpdateProjectBody): Promise<Project> =>
  apiClient.patch(`/projects/${id}`, Project, { body, auth: 'required' });

/** DELETE /projects/{id}: the project goes, its stations stay. */
export const deleteProject = async (id: number): Promise<void> => {
  await apiClient.delete(`/projects/${id}`, NoContent, { auth: 'required' });
};

/** POST /projects/{id}/media: the project photo as multipart field `file` (jpeg, png or gif). */
export const uploadProjectPhoto = (id: number, file: File): Promise<Project> => {
  const form = new FormData();
  form.append('file', file);
  return apiClient.post(`/projects/${id}/media`, Project, { body: form, auth: 'required' });
};

/** Saves the project (creating it when there is no id), then its new photo if one was chosen. */
export const useSaveProject = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, photo }: { id: number | null; body: CreateProjectBody; photo: File | null }) => {
      const saved = id === null ? await createProject(body) : await updateProject(id, body);
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
