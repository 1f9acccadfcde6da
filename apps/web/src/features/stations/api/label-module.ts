import { Station } from '@groundtruth/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { stationQueryKey } from './get-station';

/** PATCH /stations/{stationId}/modules/{moduleId}: a module's label (at most 25; empty goes back to its name). */
export const labelModule = (stationId: number, moduleId: number, label: string): Promise<Station> =>
  apiClient.patch(`/stations/${stationId}/modules/${moduleId}`, Station, { body: { label }, auth: 'required' });

export const useLabelModule = (stationId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ moduleId, label }: { moduleId: number; label: string }) => labelModule(stationId, moduleId, label),
    onSuccess: (station) => queryClient.setQueryData(stationQueryKey(stationId), station),
  });
};
