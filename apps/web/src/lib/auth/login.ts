import { type LoginBody, userRoutes } from '@groundtruth/contracts';
import { callRouteForToken } from '../call-route';

export type Credentials = LoginBody;

/** POST /login: 204 with the access token in the Authorization header. 401 wrong credentials, 403 e-mail not validated. */
export const login = async (credentials: Credentials): Promise<string> =>
  (await callRouteForToken(userRoutes.login, { body: credentials })).token;

/** Spec §3: when spoofing, the other user's e-mail is the login and 'adminEmail adminPassword' the password. */
export const spoofCredentials = (spoofEmail: string, adminEmail: string, adminPassword: string): Credentials => ({
  email: spoofEmail,
  password: `${adminEmail} ${adminPassword}`,
});
