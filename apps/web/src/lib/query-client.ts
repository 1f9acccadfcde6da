import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { isApiError } from './api-client';

const MAX_RETRIES = 2;

/** Whether asking again may answer differently: not after a 4xx (private, missing, bad id). */
export const mayAnswerDifferently = (error: unknown): boolean => !(isApiError(error) && error.isClientError);

/**
 * Whether a query is worth asking (again): not when its last answer was a 4xx, which would come
 * back the same. For `retryOnMount` and for prefetches, so a missing station or bookmark is asked once.
 */
export const worthAskingAgain = (queryClient: QueryClient, queryKey: QueryKey): boolean =>
  mayAnswerDifferently(queryClient.getQueryState(queryKey)?.error);

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx (private, missing, bad id) will answer the same again; only retry network and 5xx failures.
        retry: (failureCount, error) => mayAnswerDifferently(error) && failureCount < MAX_RETRIES,
      },
    },
  });

let early: QueryClient | null = null;

/**
 * The app's query cache, made as its first module runs (app/preload-*.ts) so a page's first data is
 * asked for before the rest of the app has run and rendered (bench:explore-web); the app starts with
 * this cache (takeQueryClient), finding those answers in it or on their way.
 */
export const earlyQueryClient = (): QueryClient => (early ??= createQueryClient());

/** The cache the app starts with: the early one, once (with what it was asked); else a new one. */
export const takeQueryClient = (): QueryClient => {
  const client = early ?? createQueryClient();
  early = null;
  return client;
};
