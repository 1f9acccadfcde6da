import { type LogoutResult, userRoutes } from '@groundtruth/contracts';
import { callRoute } from '../call-route';

/** POST /logout: ends the session on the server; answers the single-sign-on logout address to visit, if any. */
export const logoutOnServer = (): Promise<LogoutResult> => callRoute(userRoutes.logout);
