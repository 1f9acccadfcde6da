import { callApi, type CallOptions, type Reply } from './accounts.js';

/**
 * Where a versioned edit's version is read (issue 13: every edit of something that exists sends
 * the version its writer read): the GET answering it, and how to find it in that answer.
 */
const readers: readonly {
  readonly method: string;
  readonly edit: RegExp;
  readonly read: (m: RegExpExecArray) => string;
  readonly pick?: (body: Record<string, unknown>, m: RegExpExecArray) => unknown;
}[] = [
  { method: 'PATCH', edit: /^\/api\/projects\/(\d+)$/, read: (m) => `/api/projects/${m[1]}` },
  { method: 'POST', edit: /^\/api\/projects\/\d+\/updates\/(\d+)$/, read: (m) => `/api/projects/updates/${m[1]}` },
  { method: 'PATCH', edit: /^\/api\/projects\/(\d+)\/roles$/, read: (m) => `/api/users/project/${m[1]}` },
  { method: 'DELETE', edit: /^\/api\/projects\/(\d+)\/members$/, read: (m) => `/api/users/project/${m[1]}` },
  { method: 'PATCH', edit: /^\/api\/stations\/(\d+)(?:\/modules\/\d+)?$/, read: (m) => `/api/stations/${m[1]}` },
  { method: 'PATCH', edit: /^\/api\/stations\/(\d+)\/notes$/, read: (m) => `/api/stations/${m[1]}/notes` },
  {
    method: 'POST',
    edit: /^\/api\/station\/(\d+)\/station-note\/(\d+)$/,
    read: (m) => `/api/station/${m[1]}/station-notes`,
    pick: (body, m) =>
      (body['notes'] as { id: number; version: number }[] | undefined)?.find((n) => n.id === Number(m[2]))?.version,
  },
  { method: 'PATCH', edit: /^\/api\/users\/\d+$/, read: () => '/api/user' },
];

/**
 * The version the caller reads for the edit `method path`, or undefined when the edit is not
 * versioned or the caller cannot read it (the edit is then refused for that reason, as it should).
 */
export const readVersion = async (
  baseUrl: string,
  method: string,
  path: string,
  token: string | null | undefined,
): Promise<number | undefined> => {
  for (const r of readers) {
    const m = r.method === method.toUpperCase() ? r.edit.exec(path) : null;
    if (!m) continue;
    const res = await callApi(baseUrl, 'GET', r.read(m), { token: token ?? null });
    if (res.status !== 200 || !res.body) return undefined;
    const version = r.pick ? r.pick(res.body, m) : res.body['version'];
    return typeof version === 'number' ? version : undefined;
  }
  return undefined;
};

/**
 * Calls like a client that read what it edits just before: a versioned edit without a version (in
 * the body or If-Match) is sent with the one the caller's GET answers now. For the tests whose
 * subject is not concurrency; lost-updates.e2e sends versions (or none) itself.
 */
export const callAsReader = async (baseUrl: string, method: string, path: string, options: CallOptions = {}): Promise<Reply> => {
  const body = options.body;
  const sendsVersion =
    options.raw !== undefined ||
    Object.keys(options.headers ?? {}).some((h) => h.toLowerCase() === 'if-match') ||
    (typeof body === 'object' && body !== null && !Array.isArray(body) && 'version' in body);
  if (sendsVersion) return callApi(baseUrl, method, path, options);
  const version = await readVersion(baseUrl, method, path, options.token);
  if (version === undefined) return callApi(baseUrl, method, path, options);
  const withVersion = typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...body, version } : body;
  return callApi(baseUrl, method, path, {
    ...options,
    body: withVersion,
    // A body that is not an object (or none) carries the version as the ETag instead.
    ...(withVersion === body ? { headers: { ...options.headers, 'if-match': `"${version}"` } } : {}),
  });
};
