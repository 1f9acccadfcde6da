import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs, type ShouldRevalidateFunction } from 'react-router-dom';
import { paths } from '@/config/paths';
import { loadSessionUser } from '@/lib/auth/session';
import { tokenStore } from '@/lib/auth/token';

/**
 * Who may open a group of routes (spec §2 route table and navigation guard):
 * - public: anyone; a signed-in user with outdated terms goes to /terms first;
 * - guest: the sign-in screens; signed-in users go to /dashboard (or /terms while their terms are outdated);
 * - secured: signed in, else /login?after=<full path>; outdated terms go to /terms;
 * - admin: as secured, and non-admins go to /dashboard;
 * - console: as secured, and anyone but site admins and moderators goes to /dashboard (the operators' console);
 * - open: no redirects (terms, sign-in on arrival, reset, delete account: they work either way).
 */
export type Access = 'public' | 'guest' | 'secured' | 'admin' | 'console' | 'open';

export const guardLoader =
  (queryClient: QueryClient, access: Access) =>
  async ({ request }: LoaderFunctionArgs): Promise<null> => {
    if (access === 'open') return null;
    const url = new URL(request.url);
    const user = await loadSessionUser(queryClient);
    if (!user) {
      if (access === 'secured' || access === 'admin' || access === 'console') {
        // A token that no longer works (expired beyond refresh, ended elsewhere): the banner says why.
        const reason = tokenStore.endedByServer() ? 'sessionEnded' : undefined;
        throw redirect(paths.login.getHref({ after: `${url.pathname}${url.search}`, reason }));
      }
      return null;
    }
    if (!user.termsCurrent) throw redirect(paths.terms.getHref());
    if (access === 'admin' && !user.admin) throw redirect(paths.projects.getHref());
    if (access === 'console' && !user.admin && !user.moderator) throw redirect(paths.projects.getHref());
    if (access === 'guest') throw redirect(paths.projects.getHref());
    return null;
  };

/** The guard runs on every navigation, not only when its group is entered: the session may have changed. */
export const alwaysRevalidate: ShouldRevalidateFunction = () => true;
