import { queryOptions, useQuery } from '@tanstack/react-query';
import { mediaWidth } from '@groundtruth/domain';
import { apiClient } from './api-client';
import { mediaPath } from './media-path';

export const toDataUrl = (blob: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable image')));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable image'));
    reader.readAsDataURL(blob);
  });

/**
 * Spec §7: 'GET media by path with optional size (returned as a data URL)'. Photos of private
 * projects and stations need the session's token, which an <img src> cannot send, so they are
 * fetched like any call and shown from a data URL.
 */
export const mediaQueryOptions = (url: string, size?: number) =>
  queryOptions({
    // Keyed by the width the server serves, so near sizes share one fetch.
    queryKey: ['media', url, size === undefined ? null : mediaWidth(size)] as const,
    queryFn: async ({ signal }) => toDataUrl(await apiClient.blob(mediaPath(url, size), { signal })),
    // The address changes with the photo (?v=…): what it answers never goes stale.
    staleTime: Infinity,
    gcTime: 10 * 60_000,
  });

export const useMedia = (url: string | null | undefined, size?: number) =>
  useQuery({ ...mediaQueryOptions(url ?? '', size), enabled: Boolean(url) });
