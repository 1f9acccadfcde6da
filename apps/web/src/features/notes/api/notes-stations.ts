import { Project, StationList } from '@groundtruth/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /projects/{id} and GET /projects/{id}/stations: the project notes page's station list and read-only flag. */
export const useNotesProject = (projectId: number) =>
  useQuery({
    queryKey: ['notes', 'project', projectId] as const,
    queryFn: ({ signal }) => apiClient.get(`/projects/${projectId}`, Project, signal ? { signal } : {}),
  });

export const useNotesProjectStations = (projectId: number) =>
  useQuery({
    queryKey: ['notes', 'project', projectId, 'stations'] as const,
    queryFn: ({ signal }) => apiClient.get(`/projects/${projectId}/stations`, StationList, signal ? { signal } : {}),
    select: (data) => data.stations,
  });
