import { Project, StationList } from '@groundtruth/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /user/stations: the signed-in user's own stations (the 'my stations' notes page). */
export const myStationsQueryOptions = () =>
  queryOptions({
    queryKey: ['notes', 'my-stations'] as const,
    queryFn: ({ signal }) => apiClient.get('/user/stations', StationList, { auth: 'required', ...(signal ? { signal } : {}) }),
    select: (data) => data.stations,
  });

export const useMyStations = () => useQuery(myStationsQueryOptions());

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
