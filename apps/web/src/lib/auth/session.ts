import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { isApiError } from '../api-client';
import { CURRENT_USER_ROOT_KEY, currentUserQueryOptions, type SessionUser } from './get-current-user';
import { login as loginCall, type Credentials } from './login';
import { logoutOnServer } from './logout';
import { resumeSession } from './resume';
import { subjectOf, tokenStore } from './token';

export type SessionStatus = 'anonymous' | 'loading' | 'authenticated' | 'error';

/** Holds the new token and loads its user, so whoever navigates next sees a complete session. */
export const startSession = async (queryClient: QueryClient, token: string): Promise<SessionUser> => {
  tokenStore.set(token);
  return queryClient.fetchQuery(currentUserQueryOptions(subjectOf(token)));
};

/** Forgets the token and the user; the server side is the caller's business. */
export const endSession = (queryClient: QueryClient): void => {
  tokenStore.clear();
  queryClient.removeQueries({ queryKey: CURRENT_USER_ROOT_KEY });
};

/**
 * The signed-in user for code outside React (route loaders): null when signed out, or when the
 * token turned out not to be valid (the client has then cleared it).
 */
export const loadSessionUser = async (queryClient: QueryClient): Promise<SessionUser | null> => {
  const token = tokenStore.get();
  if (token === null) return null;
  try {
    return await queryClient.ensureQueryData(currentUserQueryOptions(subjectOf(token)));
  } catch (error) {
    // Refused, or the session ended while asking (which also cancels the question): signed out.
    if ((isApiError(error) && error.isUnauthenticated) || tokenStore.get() === null) return null;
    throw error;
  }
};

/**
 * Keeps the query cache in step with who is signed in: when the account changes (sign-in, sign-out,
 * another tab), the previous user's entry goes and everything else is fetched again as the new visitor.
 */
export const watchSession = (queryClient: QueryClient): (() => void) => {
  let subject = subjectOf(tokenStore.get());
  return tokenStore.subscribe(() => {
    const next = subjectOf(tokenStore.get());
    if (next === subject) return;
    subject = next;
    queryClient.removeQueries({ queryKey: CURRENT_USER_ROOT_KEY, predicate: (query) => query.queryKey[1] !== next });
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_ROOT_KEY[0] });
  });
};

export const useToken = (): string | null => useSyncExternalStore(tokenStore.subscribe, tokenStore.get, () => null);

export type LogoutOptions = {
  /** Spec §4: 'unless navigation is skipped' (the delete-account and terms screens decide themselves). */
  readonly navigate?: boolean;
};

/** The session: token, current user (GET /user) and the calls that start and end it. */
export const useSession = () => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const token = useToken();
  const query = useQuery({ ...currentUserQueryOptions(subjectOf(token)), enabled: token !== null });

  const user = token !== null ? (query.data ?? null) : null;
  const status: SessionStatus = token === null ? 'anonymous' : user ? 'authenticated' : query.isError ? 'error' : 'loading';

  const login = useCallback(
    async (credentials: Credentials) => startSession(queryClient, await loginCall(credentials)),
    [queryClient],
  );
  const resume = useCallback(
    async (linkToken: string) => startSession(queryClient, await resumeSession(linkToken)),
    [queryClient],
  );
  const logout = useCallback(
    async ({ navigate: go = true }: LogoutOptions = {}): Promise<void> => {
      // The server may already have ended the session (password changed, token expired): sign out here anyway.
      const location =
        tokenStore.get() === null
          ? null
          : await logoutOnServer().then(
              (r) => r.location,
              () => null,
            );
      endSession(queryClient);
      if (!go) return;
      if (location) window.location.assign(location);
      else await navigate(paths.login.getHref());
    },
    [queryClient, navigate],
  );

  return useMemo(
    () => ({
      token,
      user,
      status,
      isAdmin: user?.admin === true,
      termsCurrent: user?.termsCurrent !== false,
      login,
      logout,
      resume,
      refetchUser: query.refetch,
    }),
    [token, user, status, login, logout, resume, query.refetch],
  );
};

export type Session = ReturnType<typeof useSession>;
