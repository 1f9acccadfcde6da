import { Station, stationRoutes, type UpdateStationBody } from '@groundtruth/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { callRoute } from '@/lib/call-route';
import { stationQueryKey } from './get-station';

/** PATCH /stations/{id}: here only the description (spec §2 station page), made on the station's `version`. */
export const updateStation = (id: number, body: UpdateStationBody, version: number): Promise<Station> =>
  callRoute(stationRoutes.updateStation, { params: { id }, body: { ...body, version } });

/**
 * After a station edit: the answer, or on a 409 (someone else saved a newer version; the edit is not
 * saved) the station as it is now, becomes the one shown, so the next edit is made on it.
 */
export const showStationAfter = (queryClient: QueryClient, id: number, answer: unknown): void => {
  const parsed = Station.safeParse(answer);
  if (parsed.success) queryClient.setQueryData(stationQueryKey(id), parsed.data);
};

export const stationConflictOf = (error: unknown): unknown => (isApiError(error) && error.isConflict ? error.current : undefined);

export const useUpdateStationDescription = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (description: string) =>
      updateStation(id, { description }, queryClient.getQueryData<Station>(stationQueryKey(id))?.version ?? 0),
    onSuccess: (station) => queryClient.setQueryData(stationQueryKey(id), station),
    onError: (error) => showStationAfter(queryClient, id, stationConflictOf(error)),
  });
};
