import { AccessTokenClaims } from '@groundtruth/contracts';

/** Spec §9: the access token is kept in local storage under one fixed key. */
export const TOKEN_STORAGE_KEY = 'gt.token';

type Listener = () => void;

const readStored = (): string | null => {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null; // storage blocked: the session lasts for this page only
  }
};

let current: string | null = readStored();
/** True when the server refused the session (not when the user logged out): the login screen says so. */
let endedByServer = false;
const listeners = new Set<Listener>();

const publish = (token: string | null): void => {
  if (token === current) return;
  current = token;
  for (const listener of [...listeners]) listener();
};

const store = (token: string | null): void => {
  try {
    if (token === null) window.localStorage.removeItem(TOKEN_STORAGE_KEY);
    else window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // storage blocked: keep it in memory
  }
  publish(token);
};

// Another tab signed in or out: follow it, so two tabs never act as two different people.
window.addEventListener('storage', (event) => {
  if (event.key !== TOKEN_STORAGE_KEY && event.key !== null) return;
  endedByServer = false;
  publish(readStored());
});

/** The one place the access token lives; React reads it through useSyncExternalStore. */
export const tokenStore = {
  get: (): string | null => current,
  set: (token: string): void => {
    endedByServer = false;
    store(token);
  },
  /** `serverRefused`: the server no longer accepts the session (expired beyond refresh, ended elsewhere). */
  clear: ({ serverRefused = false }: { serverRefused?: boolean } = {}): void => {
    endedByServer = serverRefused;
    store(null);
  },
  /** Signed out because the server refused the session, and not signed in since. */
  endedByServer: (): boolean => current === null && endedByServer,
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

const decodeSegment = (segment: string): unknown => {
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const binary = window.atob(base64);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
};

const LooseClaims = AccessTokenClaims.partial();
export type TokenClaims = Partial<AccessTokenClaims>;

/** The token's payload, read without checking the signature (the server checks it on every call). */
export const readClaims = (token: string | null): TokenClaims | null => {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const parsed = LooseClaims.safeParse(decodeSegment(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/** Who the token belongs to; keys the current-user cache so two accounts never share it. */
export const subjectOf = (token: string | null): string | null => (token === null ? null : (readClaims(token)?.sub ?? token));

/** The token from an `Authorization: Bearer …` response header, or null. */
export const bearerFrom = (headers: Headers): string | null => {
  const match = /^Bearer\s+(\S+)$/i.exec(headers.get('Authorization')?.trim() ?? '');
  return match?.[1] ?? null;
};
