import { userRoutes } from '@groundtruth/contracts';
import { callRouteForToken } from '@/lib/call-route';

export type OidcReturn = { readonly state: string; readonly code: string; readonly sessionState?: string | undefined };

/** POST /oidc/auth: finishes single sign-on with the provider's answer; the token comes in the Authorization header. */
export const completeOidc = async ({
  state,
  code,
  sessionState,
}: OidcReturn): Promise<{ token: string; after: string | null }> => {
  const { token, body } = await callRouteForToken(userRoutes.oidcAuth, {
    query: { state, code, session_state: sessionState },
  });
  return { token, after: body.after };
};
