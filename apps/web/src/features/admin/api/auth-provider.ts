import { adminConsoleRoutes, type ConsolePermissions } from '@groundtruth/contracts';
import type { AuthProvider } from 'react-admin';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { getCurrentUser } from '@/lib/auth/get-current-user';
import { tokenStore } from '@/lib/auth/token';
import { callRoute } from '@/lib/call-route';

/** The server's word on what the console may show (its one permission policy), asked once per session. */
let asked: { token: string; answer: Promise<ConsolePermissions> } | null = null;
export const consolePermissions = (): Promise<ConsolePermissions> => {
  const token = tokenStore.get();
  if (token === null) return Promise.reject(new Error('signed out'));
  if (asked?.token !== token) asked = { token, answer: callRoute(adminConsoleRoutes.consolePermissions) };
  return asked.answer;
};

/** Where anyone the console is not for goes (spec §2: a non-admin on an admin route goes to /dashboard). */
const sendAway = () => ({ redirectTo: paths.projects.getHref(), logoutUser: false, message: false as const });

/**
 * The console's sign-in is the app's: no login page of its own. Signed out, the app's guard has
 * already sent the user to /login with `after`; here a session without console rights is sent to
 * the dashboard. What the console shows follows the permissions the server answers; every call is
 * checked by the server again whatever is shown.
 */
export const consoleAuthProvider: AuthProvider = {
  login: () => Promise.resolve(),
  logout: () => Promise.resolve(paths.projects.getHref()),
  async checkAuth() {
    if (tokenStore.get() === null) {
      throw { redirectTo: paths.login.getHref({ after: window.location.pathname + window.location.search }), message: false };
    }
    const permissions = await consolePermissions();
    if (!permissions.actions.includes('console.open')) throw sendAway();
  },
  async checkError(error: unknown) {
    const status = (error as { status?: number } | null)?.status;
    // 401: the app's client has already tried a refresh and ended the session; the guard takes over.
    if (status === 401) throw { redirectTo: paths.login.getHref({ after: window.location.pathname }), message: false };
    // 403 on one call is that call's refusal (shown as an error), not the end of the console.
  },
  getPermissions: () => consolePermissions(),
  async getIdentity() {
    const user = await getCurrentUser();
    return { id: user.id, fullName: user.name };
  },
  async canAccess({ resource }) {
    const permissions = await consolePermissions().catch((error: unknown) => {
      if (isApiError(error)) return null;
      throw error;
    });
    if (!permissions) return false;
    if (resource === 'moderation') return permissions.moderator;
    return permissions.admin;
  },
};
