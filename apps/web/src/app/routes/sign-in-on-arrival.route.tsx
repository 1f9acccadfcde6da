import type { QueryClient } from '@tanstack/react-query';
import { redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { afterLoginHref } from '@/config/paths';
import { completeOidc } from '@/features/auth/api/complete-oidc';
import { discourseAuth } from '@/features/auth/api/discourse-auth';
import { DiscourseLoginView } from '@/features/auth/components/discourse-login-view';
import { SignInFailed } from '@/features/auth/components/sign-in-failed';
import { isApiError } from '@/lib/api-client';
import { resumeSession } from '@/lib/auth/resume';
import { startSession } from '@/lib/auth/session';
import { tokenStore } from '@/lib/auth/token';

type Failure = { readonly failed: 'link' | 'sso' | 'error' };

const failureOf = (error: unknown, refused: 'link' | 'sso'): Failure => ({
  failed: isApiError(error) && error.isClientError ? refused : 'error',
});

/** /login/:token (the validation e-mail's link): resumes the session, then the after-login destination (spec §2). */
export const resumeLoader =
  (queryClient: QueryClient) =>
  async ({ params, request }: LoaderFunctionArgs): Promise<Failure> => {
    try {
      await startSession(queryClient, await resumeSession(params['token'] ?? ''));
    } catch (error) {
      return failureOf(error, 'link');
    }
    throw redirect(afterLoginHref({ after: new URL(request.url).searchParams.get('after') }));
  };

/** /login/keycloak?state&session_state&code: the single-sign-on provider's return (spec §2 Login). */
export const keycloakLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs): Promise<Failure> => {
    const search = new URL(request.url).searchParams;
    const state = search.get('state');
    const code = search.get('code');
    if (!state || !code) return { failed: 'sso' };
    let after: string | null;
    try {
      const result = await completeOidc({ state, code, sessionState: search.get('session_state') ?? undefined });
      await startSession(queryClient, result.token);
      after = result.after;
    } catch (error) {
      return failureOf(error, 'sso');
    }
    throw redirect(afterLoginHref({ after }));
  };

/** The failure view of the two routes above (success has already navigated away). */
export const SignInOnArrivalRoute = () => {
  const { failed } = useLoaderData<Failure>();
  return <SignInFailed kind={failed} />;
};

type DiscourseData = { readonly request: { sso: string; sig: string } | null };

/** /login/discourse?sso&sig: with a session held, completes at once and returns to the forum; else the form. */
export const discourseLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs): Promise<DiscourseData> => {
    const search = new URL(request.url).searchParams;
    const sso = search.get('sso');
    const sig = search.get('sig');
    if (!sso || !sig) return { request: null };
    if (tokenStore.get() !== null) {
      try {
        const { location, token } = await discourseAuth({ sso, sig }, { withSession: true });
        if (token) await startSession(queryClient, token);
        throw redirect(location);
      } catch (error) {
        if (error instanceof Response) throw error;
        // The session did not do (expired, refused): the visitor signs in with the form instead.
      }
    }
    return { request: { sso, sig } };
  };

export const DiscourseRoute = () => {
  const { request } = useLoaderData<DiscourseData>();
  return <DiscourseLoginView request={request} />;
};
