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
  terms: { path: '/terms', getHref: () => '/terms' },
  editUser: { path: '/dashboard/user', getHref: () => '/dashboard/user' },
  adminMain: { path: '/admin', getHref: () => '/admin' },
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
