import { NoContent, requestToken } from '../api-client';

/** POST /user/resume: trades a one-time link token (the validation e-mail's) for a session. 401 when used or expired. */
export const resumeSession = async (linkToken: string): Promise<string> =>
  (await requestToken('POST', '/user/resume', NoContent, { body: { token: linkToken } })).token;
