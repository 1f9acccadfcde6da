import { StationNoteMedia, StationNotes, type SaveStationNotesBody } from '@groundtruth/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NoContent, apiClient } from '@/lib/api-client';

export const stationNotesQueryKey = (stationId: number) => ['station-notes', stationId] as const;

/** GET /stations/{id}/notes: the five notes, the station's media, the completion. */
export const getStationNotes = (stationId: number, signal?: AbortSignal): Promise<StationNotes> =>
  apiClient.get(`/stations/${stationId}/notes`, StationNotes, signal ? { signal } : {});

export const stationNotesQueryOptions = (stationId: number) =>
  queryOptions({ queryKey: stationNotesQueryKey(stationId), queryFn: ({ signal }) => getStationNotes(stationId, signal) });

export const useStationNotes = (stationId: number) => useQuery(stationNotesQueryOptions(stationId));

/** PATCH /stations/{id}/notes. */
const saveStationNotes = (stationId: number, body: SaveStationNotesBody): Promise<StationNotes> =>
  apiClient.patch(`/stations/${stationId}/notes`, StationNotes, { body, auth: 'required' });

/** POST /stations/{id}/media?key=…: a photo or recording for a note. */
const uploadNoteMedia = (stationId: number, key: string, file: File): Promise<StationNoteMedia> => {
  const form = new FormData();
  form.append('file', file);
  return apiClient.post(`/stations/${stationId}/media`, StationNoteMedia, { body: form, query: { key }, auth: 'required' });
};

/** DELETE /notes/media/{id}. */
const deleteNoteMedia = (mediaId: number) => apiClient.delete(`/notes/media/${mediaId}`, NoContent, { auth: 'required' });

export const useStationNotesMutations = (stationId: number) => {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: SaveStationNotesBody) => saveStationNotes(stationId, body),
    onSuccess: (notes) => queryClient.setQueryData(stationNotesQueryKey(stationId), notes),
  });
  const upload = useMutation({
    mutationFn: ({ key, file }: { key: string; file: File }) => uploadNoteMedia(stationId, key, file),
  });
  const removeMedia = useMutation({ mutationFn: (mediaId: number) => deleteNoteMedia(mediaId) });
  return { save, upload, removeMedia };
};
