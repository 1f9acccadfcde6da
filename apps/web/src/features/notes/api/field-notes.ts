import { type FieldNote, type FieldNoteList, noteRoutes } from '@groundtruth/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';

export const fieldNotesQueryKey = (stationId: number) => ['field-notes', stationId] as const;

/** GET /station/{id}/station-notes: the station's field notes, newest first. */
export const getFieldNotes = (stationId: number, signal?: AbortSignal): Promise<FieldNoteList> =>
  callRoute(noteRoutes.listFieldNotes, { params: { id: stationId }, signal });

export const fieldNotesQueryOptions = (stationId: number) =>
  queryOptions({
    queryKey: fieldNotesQueryKey(stationId),
    queryFn: ({ signal }) => getFieldNotes(stationId, signal),
    select: (data) => data.notes,
  });

export const useFieldNotes = (stationId: number) => useQuery(fieldNotesQueryOptions(stationId));

/** The note to change and the version it was read at (409 when someone changed it since). */
export type FieldNoteEdit = { readonly noteId: number; readonly version: number };

/** POST /station/{id}/station-note, or /station/{id}/station-note/{noteId} to change one. */
const saveFieldNote = (stationId: number, body: string, edit?: FieldNoteEdit): Promise<FieldNote> =>
  edit === undefined
    ? callRoute(noteRoutes.addFieldNote, { params: { id: stationId }, body: { body } })
    : callRoute(noteRoutes.editFieldNote, {
        params: { id: stationId, noteId: edit.noteId },
        body: { body, version: edit.version },
      });

/** DELETE /station/{id}/station-note/{noteId}. */
const deleteFieldNote = (stationId: number, noteId: number) =>
  callRoute(noteRoutes.deleteFieldNote, { params: { id: stationId, noteId } });

export const useFieldNoteMutations = (stationId: number) => {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: fieldNotesQueryKey(stationId) });
  const save = useMutation({
    mutationFn: ({ body, edit }: { body: string; edit?: FieldNoteEdit }) => saveFieldNote(stationId, body, edit),
    onSuccess: refresh,
    // A 409 (changed meanwhile) shows the note as it is now.
    onError: refresh,
  });
  const remove = useMutation({ mutationFn: (noteId: number) => deleteFieldNote(stationId, noteId), onSuccess: refresh });
  return { save, remove };
};
