import { type Station, stationRoutes } from '@groundtruth/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';
import { stationQueryKey } from './get-station';
import { showStationAfter, stationConflictOf } from './update-station';

/** PATCH /stations/{stationId}/modules/{moduleId}: a module's label (at most 25; empty goes back to its name), made on the station's `version`. */
export const labelModule = (stationId: number, moduleId: number, label: string, version: number): Promise<Station> =>
  callRoute(stationRoutes.labelStationModule, { params: { stationId, moduleId }, body: { label, version } });

export const useLabelModule = (stationId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ moduleId, label }: { moduleId: number; label: string }) =>
      labelModule(stationId, moduleId, label, queryClient.getQueryData<Station>(stationQueryKey(stationId))?.version ?? 0),
    onSuccess: (station) => queryClient.setQueryData(stationQueryKey(stationId), station),
    onError: (error) => showStationAfter(queryClient, stationId, stationConflictOf(error)),
  });
};
