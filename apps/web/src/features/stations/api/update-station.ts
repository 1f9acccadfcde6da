import { Station, type UpdateStationBody } from '@groundtruth/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { stationQueryKey } from './get-station';

/** PATCH /stations/{id}: here only the description (spec §2 station page). */
export const updateStation = (id: number, body: UpdateStationBody): Promise<Station> =>
  apiClient.patch(`/stations/${id}`, Station, { body, auth: 'required' });

export const useUpdateStationDescription = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (description: string) => updateStation(id, { description }),
    onSuccess: (station) => queryClient.setQueryData(stationQueryKey(id), station),
  });
};
