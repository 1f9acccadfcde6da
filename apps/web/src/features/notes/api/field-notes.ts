import { FieldNote, FieldNoteList } from '@groundtruth/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NoContent, apiClient } from '@/lib/api-client';

export const fieldNotesQueryKey = (stationId: number) => ['field-notes', stationId] as const;

/** GET /station/{id}/station-notes: the station's field notes, newest first. */
export const getFieldNotes = (stationId: number, signal?: AbortSignal): Promise<FieldNoteList> =>
  apiClient.get(`/station/${stationId}/station-notes`, FieldNoteList, signal ? { signal } : {});

export const fieldNotesQueryOptions = (stationId: number) =>
  queryOptions({
    queryKey: fieldNotesQueryKey(stationId),
    queryFn: ({ signal }) => getFieldNotes(stationId, signal),
    select: (data) => data.notes,
  });

export const useFieldNotes = (stationId: number) => useQuery(fieldNotesQueryOptions(stationId));

/** POST /station/{id}/station-note, or /station/{id}/station-note/{noteId} to change one. */
const saveFieldNote = (stationId: number, body: string, noteId?: number): Promise<FieldNote> =>
  apiClient.post(
    noteId === undefined ? `/station/${stationId}/station-note` : `/station/${stationId}/station-note/${noteId}`,
    FieldNote,
    {
      body: { body },
      auth: 'required',
    },
  );

/** DELETE /station/{id}/station-note/{noteId}. */
const deleteFieldNote = (stationId: number, noteId: number) =>
  apiClient.delete(`/station/${stationId}/station-note/${noteId}`, NoContent, { auth: 'required' });

export const useFieldNoteMutations = (stationId: number) => {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: fieldNotesQueryKey(stationId) });
  const save = useMutation({
    mutationFn: ({ body, noteId }: { body: string; noteId?: number }) => saveFieldNote(stationId, body, noteId),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (noteId: number) => deleteFieldNote(stationId, noteId), onSuccess: refresh });
  return { save, remove };
};
