import { noteRoutes, type StationNoteMedia, type StationNotes } from '@groundtruth/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';
import { stationQueryKey } from './get-station';

/** Spec §5: the station photos page takes jpeg and png only. */
export const STATION_PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;
export const isStationPhotoType = (type: string): boolean => (STATION_PHOTO_TYPES as readonly string[]).includes(type);

/** Whether the visitor may add, choose and delete the station's photos (GET /stations/{id}/notes says). */
export const photoRightsQueryOptions = (stationId: number) =>
  queryOptions({
    queryKey: [...stationQueryKey(stationId), 'photo-rights'] as const,
    queryFn: ({ signal }) => callRoute(noteRoutes.getStationNotes, { params: { id: stationId }, signal }),
    select: (notes) => notes.canManagePhotos,
  });

export const usePhotoRights = (stationId: number) => useQuery(photoRightsQueryOptions(stationId));

/** POST /stations/{id}/media (no note key): a station photo. */
const addStationPhoto = (stationId: number, file: File): Promise<StationNoteMedia> => {
  const form = new FormData();
  form.append('file', file);
  return callRoute(noteRoutes.uploadStationMedia, { params: { id: stationId }, form });
};

/** POST /stations/{id}/photo/{mediaId}: make it the station image. */
const setStationImage = (stationId: number, mediaId: number): Promise<StationNotes> =>
  callRoute(noteRoutes.setStationImage, { params: { id: stationId, mediaId } });

/** DELETE /notes/media/{id}. */
const deletePhoto = (mediaId: number) => callRoute(noteRoutes.deleteStationMedia, { params: { id: mediaId } });

export const useStationPhotoMutations = (stationId: number) => {
  const queryClient = useQueryClient();
  // The station (its photos and image) and anything listing them.
  const refresh = () => queryClient.invalidateQueries({ queryKey: stationQueryKey(stationId) });
  return {
    add: useMutation({ mutationFn: (file: File) => addStationPhoto(stationId, file), onSettled: refresh }),
    setImage: useMutation({ mutationFn: (mediaId: number) => setStationImage(stationId, mediaId), onSettled: refresh }),
    remove: useMutation({ mutationFn: (mediaId: number) => deletePhoto(mediaId), onSettled: refresh }),
  };
};
