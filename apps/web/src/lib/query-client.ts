import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

const MAX_RETRIES = 2;

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx (private, missing, bad id) will answer the same again; only retry network and 5xx failures.
        retry: (failureCount, error) => !(isApiError(error) && error.isClientError) && failureCount < MAX_RETRIES,
      },
    },
  });
