/** Query of the login, register and recover screens: where to go after signing in (spec §2 Login). */
export type AfterQuery = {
  /** The full path (path and query) to return to. */
  readonly after?: string | null | undefined;
  /** JSON of the prior query, merged into `after` (the old links' form). */
  readonly params?: string | null | undefined;
};

/** Why the login screen was opened; the banner says it (spec §2 Login, §8). */
export type LoginReason = 'sessionEnded' | 'privateProject' | 'privateStation';

const withQuery = (path: string, query: Readonly<Record<string, string | null | undefined>>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

/** Route names from the spec's route table (§2); links are built here, never by hand. */
export const paths = {
  root: { path: '/', getHref: () => '/' },
  projects: { path: '/dashboard', getHref: () => '/dashboard' },
  viewProject: {
    path: '/dashboard/projects/:id',
    getHref: (id: number) => `/dashboard/projects/${id}`,
  },
  /** The project page with its activity panel open. */
  viewProjectActivity: {
    path: '/dashboard/projects/:id/activity',
    getHref: (id: number) => `/dashboard/projects/${id}/activity`,
  },
  /** The project's history (audit replay), for its administrators. */
  viewProjectHistory: {
    path: '/dashboard/projects/:id/history',
    getHref: (id: number) => `/dashboard/projects/${id}/history`,
  },
  /** The project page in its public view, whoever looks. */
  viewProjectPublic: {
    path: '/dashboard/projects/:id/public',
    getHref: (id: number) => `/dashboard/projects/${id}/public`,
  },
  viewProjectBigMap: {
    path: '/dashboard/projects/:id/map',
    getHref: (id: number) => `/dashboard/projects/${id}/map`,
  },
  viewProjectBigMapList: {
    path: '/dashboard/projects/:id/list',
    getHref: (id: number) => `/dashboard/projects/${id}/list`,
  },
  viewProjectNotes: {
    path: '/dashboard/projects/:projectId/notes',
    getHref: (projectId: number) => `/dashboard/projects/${projectId}/notes`,
  },
  viewProjectStationNotes: {
    path: '/dashboard/projects/:projectId/notes/:stationId',
    getHref: (projectId: number, stationId: number) => `/dashboard/projects/${projectId}/notes/${stationId}`,
  },
  addProject: { path: '/dashboard/project/add', getHref: () => '/dashboard/project/add' },
  editProject: {
    path: '/dashboard/projects/:id/edit',
    getHref: (id: number) => `/dashboard/projects/${id}/edit`,
  },
  addProjectUpdate: {
    path: '/dashboard/project-update/add',
    getHref: (projectId: number) => withQuery('/dashboard/project-update/add', { project: String(projectId) }),
  },
  editProjectUpdate: {
    path: '/dashboard/project-updates/:id/edit',
    getHref: (id: number, projectId: number) =>
      withQuery(`/dashboard/project-updates/${id}/edit`, { project: String(projectId) }),
  },
  projectInvitation: {
    path: '/projects/invitation',
    getHref: (token?: string) => withQuery('/projects/invitation', { token }),
  },
  mapAllStations: { path: '/dashboard/stations/map', getHref: () => '/dashboard/stations/map' },
  listAllStations: { path: '/dashboard/stations/list', getHref: () => '/dashboard/stations/list' },
  mapStation: {
    path: '/dashboard/stations/:id',
    getHref: (id: number) => `/dashboard/stations/${id}`,
  },
  /** Bounds are JSON in the path: [[west, south], [east, north]]. */
  mapAllStationsBounds: {
    path: '/dashboard/stations/all/:bounds',
    getHref: (bounds: unknown) => `/dashboard/stations/all/${encodeURIComponent(JSON.stringify(bounds))}`,
  },
  mapStationBounds: {
    path: '/dashboard/stations/:bounds/:id',
    getHref: (id: number, bounds: unknown) => `/dashboard/stations/${encodeURIComponent(JSON.stringify(bounds))}/${id}`,
  },
  viewStation: {
    path: '/dashboard/projects/:projectId/station/:stationId',
    getHref: (projectId: number, stationId: number) => `/dashboard/projects/${projectId}/station/${stationId}`,
  },
  /** The station page without a project (opened from the map, in a new tab). */
  viewStationFromMap: {
    path: '/station/:stationId',
    getHref: (stationId: number) => `/station/${stationId}`,
  },
  /** The station's history (audit replay), for its owner. */
  stationHistory: {
    path: '/station/:stationId/history',
    getHref: (stationId: number) => `/station/${stationId}/history`,
  },
  stationPhotos: {
    path: '/station/:stationId/photos',
    getHref: (stationId: number) => `/station/${stationId}/photos`,
  },
  viewStationPhotos: {
    path: '/dashboard/projects/:projectId/station/:stationId/photos',
    getHref: (projectId: number, stationId: number) => `/dashboard/projects/${projectId}/station/${stationId}/photos`,
  },
  stationNotes: {
    path: '/notes/:stationId',
    getHref: (stationId: number) => `/notes/${stationId}`,
  },
  /** Notes of the signed-in user's stations. */
  myStationNotes: { path: '/notes', getHref: () => '/notes' },
  /** The explore workspace opened on a bookmark (spec §2 Explore workspace). */
  exploreBookmark: {
    path: '/dashboard/explore',
    getHref: (bookmark: unknown) => withQuery('/dashboard/explore', { bookmark: JSON.stringify(bookmark) }),
  },
  /** The old form, the bookmark in the path; opened, it moves to /viz?v= like the others. */
  exploreBookmarkOld: {
    path: '/dashboard/explore/:bookmark',
    getHref: (bookmark: unknown) => `/dashboard/explore/${encodeURIComponent(JSON.stringify(bookmark))}`,
  },
  /** The hidden features page (spec §2; secured). */
  internalFeatures: { path: '/internal/features', getHref: () => '/internal/features' },
  exploreShortBookmark: { path: '/viz', getHref: (token: string) => withQuery('/viz', { v: token }) },
  /** The workspace of a stored bookmark with its export panel open (spec §2 route table; secured). */
  exploreExport: { path: '/viz/export', getHref: (token: string) => withQuery('/viz/export', { v: token }) },
  /** A shared workspace's preview page (served by the API: link-preview tags, then the workspace). */
  exploreShare: { path: '/viz/share', getHref: (token: string) => withQuery('/viz/share', { v: token }) },
  login: {
    path: '/login',
    getHref: ({ after, params, reason }: AfterQuery & { reason?: LoginReason } = {}) =>
      withQuery('/login', { after, params, reason }),
  },
  /** Single-sign-on return; ranked above the resume route's `:token`. */
  loginKeycloak: { path: '/login/keycloak', getHref: () => '/login/keycloak' },
  loginDiscourse: { path: '/login/discourse', getHref: () => '/login/discourse' },
  /** The validation e-mail's link: resumes a session from a one-time token. */
  loginResume: {
    path: '/login/:token',
    getHref: (token: string, { after }: AfterQuery = {}) => withQuery(`/login/${encodeURIComponent(token)}`, { after }),
  },
  spoof: { path: '/spoof', getHref: () => '/spoof' },
  register: {
    path: '/register',
    getHref: ({ after, params }: AfterQuery = {}) => withQuery('/register', { after, params }),
  },
  recover: {
    path: '/recover',
    getHref: ({ after, params }: AfterQuery = {}) => withQuery('/recover', { after, params }),
  },
  recoverComplete: { path: '/recover/complete', getHref: (token?: string) => withQuery('/recover/complete', { token }) },
  deleteAccount: { path: '/delete-account', getHref: () => '/delete-account' },
  /** The link mailed to the old address after an e-mail change (the server writes it the same way). */
  undoEmailChange: { path: '/account/undo-email', getHref: (token?: string) => withQuery('/account/undo-email', { token }) },
  terms: { path: '/terms', getHref: () => '/terms' },
  editUser: { path: '/dashboard/user', getHref: () => '/dashboard/user' },
  analysis: { path: '/analysis', getHref: () => '/analysis' },
  adminMain: { path: '/admin', getHref: () => '/admin' },
  /** Every notification, with its filters (spec §2 Notifications). */
  notifications: { path: '/notifications', getHref: () => '/notifications' },
} as const;

/** Only a path of this site: `//host` or `https://…` would send the user elsewhere after signing in. */
export const safeLocalPath = (value: string | null | undefined): string | null =>
  value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null;

/**
 * Where to go after signing in: `after` (with the `params` query merged in), else projects.
 * Never the sign-in screens themselves.
 */
export const afterLoginHref = ({ after, params }: AfterQuery = {}): string => {
  const target = safeLocalPath(after);
  if (!target) return paths.projects.getHref();
  const url = new URL(target, 'http://local');
  if (url.pathname === paths.login.path || url.pathname.startsWith(`${paths.login.path}/`)) return paths.projects.getHref();
  if (params) {
    try {
      const parsed = JSON.parse(params) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        for (const [key, value] of Object.entries(parsed)) {
          if (value !== null && value !== undefined)
            url.searchParams.set(key, typeof value === 'string' ? value : JSON.stringify(value));
        }
      }
    } catch {
      // Not JSON: the query is lost, the path still works.
    }
  }
  return `${url.pathname}${url.search}${url.hash}`;
};
