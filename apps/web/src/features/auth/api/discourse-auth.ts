import { type DiscourseAuthBody, DiscourseAuthResult, userRoutes } from '@groundtruth/contracts';
import { callRouteRaw } from '@/lib/call-route';
import { bearerFrom } from '@/lib/auth/token';

/**
 * POST /discourse/auth: answers the forum address to return to. With a session held it needs only `sso`
 * and `sig`; otherwise the e-mail and password too, and a new access token comes in the Authorization header.
 */
export const discourseAuth = async (
  body: DiscourseAuthBody,
  { withSession }: { withSession: boolean },
): Promise<{ location: string; token: string | null }> => {
  const { response, body: answer } = await callRouteRaw(userRoutes.discourseAuth, {
    body,
    auth: withSession ? 'required' : 'none',
  });
  const parsed = DiscourseAuthResult.parse(answer);
  return { location: parsed.location, token: bearerFrom(response.headers) };
};
