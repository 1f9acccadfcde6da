import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** The server names media by its own path (`/api/stations/1/media/2`); the client adds the API base itself. */
const apiPath = (url: string): string => url.replace(/^\/api(?=\/)/, '');

const toDataUrl = (blob: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable media')));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable media'));
    reader.readAsDataURL(blob);
  });

/**
 * A station photo as a data URL (spec §7: media by path with an optional size, returned as a data URL).
 * It is fetched with the session's token: a private station's photos are not readable by a bare <img>.
 */
export const mediaQueryOptions = (url: string, size?: number) =>
  queryOptions({
    queryKey: ['media', url, size ?? null] as const,
    queryFn: async ({ signal }) =>
      toDataUrl(await apiClient.blob(apiPath(url), { signal, ...(size ? { query: { size } } : {}) })),
    staleTime: 10 * 60_000,
  });

export const useMedia = (url: string | null, size?: number) =>
  useQuery({ ...mediaQueryOptions(url ?? '', size), enabled: url !== null });
