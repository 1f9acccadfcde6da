import { User, userRoutes } from '@groundtruth/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { callRoute } from '../call-route';

/**
 * GET /user. `termsCurrent` tells whether the accepted terms are the ones in force; a server that
 * does not send it yet is taken to mean they are.
 */
export const SessionUser = User.extend({ termsCurrent: z.boolean().default(true) });
export type SessionUser = z.infer<typeof SessionUser>;

export const getCurrentUser = (signal?: AbortSignal): Promise<SessionUser> =>
  callRoute(userRoutes.currentUser, { signal, schema: SessionUser });

/** Keyed by the token's subject: a different account never sees the previous one's cache. */
export const currentUserQueryKey = (subject: string | null) => ['current-user', subject] as const;
export const CURRENT_USER_ROOT_KEY = ['current-user'] as const;

export const currentUserQueryOptions = (subject: string | null) =>
  queryOptions({
    queryKey: currentUserQueryKey(subject),
    queryFn: ({ signal }) => getCurrentUser(signal),
    staleTime: 5 * 60_000,
    // A 401 has already ended the session (the client cleared the token); asking again would not help.
    retry: false,
  });

/** A user as the account calls answer it: `termsCurrent` may be left out there. */
export const AnsweredUser = User.extend({ termsCurrent: z.boolean().optional() });
export type AnsweredUser = z.infer<typeof AnsweredUser>;

/** Puts what an account call answered into the current-user cache, keeping `termsCurrent` when the answer lacks it. */
export const storeCurrentUser = (queryClient: QueryClient, subject: string | null, user: AnsweredUser): SessionUser => {
  const key = currentUserQueryKey(subject);
  const previous = queryClient.getQueryData<SessionUser>(key);
  const next: SessionUser = { ...user, termsCurrent: user.termsCurrent ?? previous?.termsCurrent ?? true };
  queryClient.setQueryData(key, next);
  return next;
};
