import {
  adminConsoleRoutes,
  adminLogRoutes,
  adminStationDeleteRoutes,
  projectionOpsRoutes,
  type BulkResult,
} from '@groundtruth/contracts';
import simpleRestProvider from 'ra-data-simple-rest';
import { HttpError, type DataProvider } from 'react-admin';
import type { RouteContract } from '@groundtruth/contracts';
import { isApiError } from '@/lib/api-client';
import { callRoute, callRouteRaw } from '@/lib/call-route';

/**
 * The console's resources and the list route each one is read from. ra-data-simple-rest builds
 * `<apiUrl>/<resource>` itself, so the base is taken from these contract routes and checked against
 * every one of them: a contract path that moved breaks here, not in a 404 on screen.
 */
export const consoleResources = {
  users: adminConsoleRoutes.adminListUsers,
  stations: adminConsoleRoutes.adminListStations,
  uploads: adminConsoleRoutes.adminListUploads,
  projections: adminConsoleRoutes.adminListProjections,
  logs: adminLogRoutes.adminListLogs,
  'projection-failures': projectionOpsRoutes.adminListProjectionFailures,
} as const;
export type ConsoleResource = keyof typeof consoleResources;

export const CONSOLE_API_BASE = adminConsoleRoutes.adminListUsers.path.slice(
  0,
  adminConsoleRoutes.adminListUsers.path.lastIndexOf('/'),
);
for (const [name, route] of Object.entries(consoleResources)) {
  if (route.path !== `${CONSOLE_API_BASE}/${name}`)
    throw new Error(`The console reads ${name} from ${route.path}, not under ${CONSOLE_API_BASE}`);
}

/** The one-record reads the console makes (react-admin's getOne), by resource. */
const oneRoutes: Partial<Record<ConsoleResource, RouteContract>> = {
  users: adminConsoleRoutes.adminGetUser,
  stations: adminConsoleRoutes.adminGetStation,
  logs: adminLogRoutes.adminGetLog,
};

/** The contract route a URL that ra-data-simple-rest built stands for: a list, or one record by id. */
const routeFor = (path: string): { route: RouteContract; params?: { id: string } } => {
  const [, name = '', id] = path.slice(CONSOLE_API_BASE.length).split('/');
  const resource = consoleResources[name as ConsoleResource] as RouteContract | undefined;
  if (resource && id === undefined) return { route: resource };
  const one = oneRoutes[name as ConsoleResource];
  if (one && id !== undefined) return { route: one, params: { id: decodeURIComponent(id) } };
  throw new HttpError(`The console has no call for ${path}.`, 404);
};

/**
 * react-admin's HTTP client over the app's own, each call built from its contract route: the
 * session's token, its refresh on expiry and its sign-out on a refused token, and the server's
 * `{ code, message, errors }` as react-admin's HttpError (whose body's `errors` its forms show).
 * Only reads come through here; the console's writes are calls of their own (below and on screens).
 */
const httpClient = async (url: string, options: { method?: string; signal?: AbortSignal | null } = {}) => {
  if ((options.method ?? 'GET') !== 'GET') throw new HttpError('Not available here.', 405);
  const [path = '', search = ''] = url.split('?');
  const query = Object.fromEntries(new URLSearchParams(search));
  const { route, params } = routeFor(path);
  try {
    const { response, body } = await callRouteRaw(route, {
      ...(params ? { params } : {}),
      ...(Object.keys(query).length ? { query } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    } as Parameters<typeof callRouteRaw>[1]);
    return { status: response.status, headers: response.headers, body: JSON.stringify(body), json: body };
  } catch (error) {
    if (isApiError(error)) {
      throw new HttpError(error.message, error.status, { code: error.code, ...(error.errors ? { errors: error.errors } : {}) });
    }
    throw error;
  }
};

/** The bulk commands: one request, one server command, an outcome per id (never N requests from here). */
export type ConsoleDataProvider = DataProvider & {
  processUploads(ids: readonly number[]): Promise<BulkResult>;
  deleteUsers(ids: readonly number[], password: string): Promise<BulkResult>;
  deleteStations(ids: readonly number[]): Promise<BulkResult>;
};

export const failedOf = (result: BulkResult) => result.results.filter((r) => !r.ok);

const base = simpleRestProvider(CONSOLE_API_BASE, httpClient);

export const consoleDataProvider: ConsoleDataProvider = {
  ...base,
  processUploads: (ids) => callRoute(adminConsoleRoutes.adminProcessUploads, { body: { ids: [...ids] } }),
  deleteUsers: (ids, password) => callRoute(adminConsoleRoutes.adminDeleteUsers, { body: { ids: [...ids], password } }),
  deleteStations: (ids) => callRoute(adminStationDeleteRoutes.adminDeleteStations, { body: { ids: [...ids] } }),
  // react-admin's own delete buttons never reach these: deleting asks for the admin's password (users),
  // and stations go through their own calls above with the spec's confirmation (one command for many).
  delete: () => Promise.reject(new HttpError('Not available here.', 405)),
  deleteMany: () => Promise.reject(new HttpError('Not available here.', 405)),
  update: () => Promise.reject(new HttpError('Not available here.', 405)),
  updateMany: () => Promise.reject(new HttpError('Not available here.', 405)),
  create: () => Promise.reject(new HttpError('Not available here.', 405)),
};
