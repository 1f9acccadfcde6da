import { LogoutResult } from '@groundtruth/contracts';
import { apiClient } from '../api-client';

/** POST /logout: ends the session on the server; answers the single-sign-on logout address to visit, if any. */
export const logoutOnServer = (): Promise<LogoutResult> => apiClient.post('/logout', LogoutResult, { auth: 'required' });
