import { userRoutes } from '@groundtruth/contracts';
import { callRouteForToken } from '../call-route';

/** POST /user/resume: trades a one-time link token (the validation e-mail's) for a session. 401 when used or expired. */
export const resumeSession = async (linkToken: string): Promise<string> =>
  (await callRouteForToken(userRoutes.resume, { body: { token: linkToken } })).token;
