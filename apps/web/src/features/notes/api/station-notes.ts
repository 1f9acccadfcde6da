import { noteRoutes, type SaveStationNotesBody, type StationNoteMedia, type StationNotes } from '@groundtruth/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';

export const stationNotesQueryKey = (stationId: number) => ['station-notes', stationId] as const;

/** GET /stations/{id}/notes: the five notes, the station's media, the completion. */
export const getStationNotes = (stationId: number, signal?: AbortSignal): Promise<StationNotes> =>
  callRoute(noteRoutes.getStationNotes, { params: { id: stationId }, signal });

export const stationNotesQueryOptions = (stationId: number) =>
  queryOptions({ queryKey: stationNotesQueryKey(stationId), queryFn: ({ signal }) => getStationNotes(stationId, signal) });

export const useStationNotes = (stationId: number) => useQuery(stationNotesQueryOptions(stationId));

/** PATCH /stations/{id}/notes. */
const saveStationNotes = (stationId: number, body: SaveStationNotesBody): Promise<StationNotes> =>
  callRoute(noteRoutes.saveStationNotes, { params: { id: stationId }, body });

/** POST /stations/{id}/media?key=…: a photo or recording for a note. */
const uploadNoteMedia = (stationId: number, key: string, file: File): Promise<StationNoteMedia> => {
  const form = new FormData();
  form.append('file', file);
  return callRoute(noteRoutes.uploadStationMedia, { params: { id: stationId }, query: { key }, form });
};

/** DELETE /notes/media/{id}. */
const deleteNoteMedia = (mediaId: number) => callRoute(noteRoutes.deleteStationMedia, { params: { id: mediaId } });

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
