import { type OidcUrl, userRoutes } from '@groundtruth/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';

/** GET /oidc/url: the single-sign-on provider's login address; null when single sign-on is not configured. */
export const getOidcUrl = (after: string | undefined, signal?: AbortSignal): Promise<OidcUrl> =>
  callRoute(userRoutes.oidcUrl, { query: { after }, signal });

export const oidcUrlQueryOptions = (after: string | undefined) =>
  queryOptions({
    queryKey: ['oidc-url', after ?? null] as const,
    queryFn: ({ signal }) => getOidcUrl(after, signal),
    // Asked once per visit: a failure means the form, not a retry.
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

export const useOidcUrl = (after: string | undefined, enabled: boolean) => useQuery({ ...oidcUrlQueryOptions(after), enabled });
