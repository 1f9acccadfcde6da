import { type DataEvent, dataEventRoutes } from '@groundtruth/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';
import type { DiscussionPlace } from './discussion';

export const dataEventsQueryKey = ['data-events'] as const;

/** What a list of data events is asked for: a workspace's bookmark, or the stations its charts show. */
export type DataEventsAsk = { readonly bookmark?: string; readonly stations?: readonly number[] };

/** GET /data-events?bookmark=&stations=: the events of a workspace, or those touching these stations' sensors. */
export const getDataEvents = (ask: DataEventsAsk, signal?: AbortSignal): Promise<DataEvent[]> =>
  callRoute(dataEventRoutes.dataEvents, {
    query: {
      ...(ask.bookmark ? { bookmark: ask.bookmark } : {}),
      ...(ask.stations && ask.stations.length > 0 ? { stations: [...ask.stations].sort((a, b) => a - b).join(',') } : {}),
    },
    signal,
  }).then((answer) => answer.events);

export const dataEventsQueryOptions = (ask: DataEventsAsk) =>
  queryOptions({
    queryKey: [...dataEventsQueryKey, ask.bookmark ?? null, [...(ask.stations ?? [])].sort((a, b) => a - b)] as const,
    queryFn: ({ signal }) => getDataEvents(ask, signal),
  });

export const useDataEvents = (ask: DataEventsAsk, enabled = true) =>
  useQuery({ ...dataEventsQueryOptions(ask), enabled: enabled && (Boolean(ask.bookmark) || (ask.stations?.length ?? 0) > 0) });

export type NewDataEvent = {
  readonly place: DiscussionPlace;
  readonly title: string;
  readonly description: string;
  readonly start: string;
  readonly end: string;
  readonly allProjectSensors: boolean;
  readonly sensors: readonly { readonly stationId: number; readonly sensorId: number }[];
};

/** POST /data-events: an event over all the project's sensors or the selected ones (site or project admins). */
export const createDataEvent = ({ place, sensors, ...fields }: NewDataEvent) =>
  callRoute(dataEventRoutes.createDataEvent, { body: { event: { ...place, ...fields, sensors: [...sensors] } } });

/** A new scope for an edited event; left out, the event keeps its own. */
export type EventScopeChange =
  | { readonly allProjectSensors: true }
  | { readonly allProjectSensors: false; readonly sensors: readonly { readonly stationId: number; readonly sensorId: number }[] };

export type DataEventEdit = {
  readonly eventId: number;
  readonly title: string;
  readonly description: string;
  readonly start: string;
  readonly end: string;
  readonly scope?: EventScopeChange | undefined;
};

/** POST /data-events/{id}: by its author, the project's Administrators or site admins. */
export const editDataEvent = ({ eventId, scope, ...fields }: DataEventEdit) =>
  callRoute(dataEventRoutes.editDataEvent, {
    params: { id: eventId },
    body: {
      ...fields,
      ...(scope === undefined
        ? {}
        : scope.allProjectSensors
          ? { allProjectSensors: true }
          : { allProjectSensors: false, sensors: [...scope.sensors] }),
    },
  });

/** DELETE /data-events/{id}: by its author. */
export const deleteDataEvent = async ({ eventId }: { readonly eventId: number }) => {
  await callRoute(dataEventRoutes.deleteDataEvent, { params: { id: eventId } });
};

const useReloadingEvents = <A, R>(fn: (args: A) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dataEventsQueryKey }),
  });
};

export const useCreateDataEvent = () => useReloadingEvents(createDataEvent);
export const useEditDataEvent = () => useReloadingEvents(editDataEvent);
export const useDeleteDataEvent = () => useReloadingEvents(deleteDataEvent);
