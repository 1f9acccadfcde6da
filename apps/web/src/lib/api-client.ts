import { AFTER_HEADER, CommandPending, ErrorBody } from '@groundtruth/contracts';
import { z } from 'zod';
import { env } from '@/config/env';
import { currentLocale } from '@/i18n';
import { bearerFrom, readClaims, tokenStore } from './auth/token';

/** A failed call: the HTTP status (0 when the network failed) and the server's `{ code, message, errors? }`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: Readonly<Record<string, string>>,
    /** A 409 to an edit made on an older version: what is there now, as the GET answers it. */
    readonly current?: unknown,
  ) {
    super(message);
  }

  /** Someone else saved a newer version meanwhile: this edit is not saved (spec §8 "Your changes are not saved"). */
  get isConflict(): boolean {
    return this.status === 409;
  }

  get isUnauthenticated(): boolean {
    return this.status === 401;
  }

  get isForbidden(): boolean {
    return this.status === 403;
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }

  get isTooManyAttempts(): boolean {
    return this.status === 429;
  }

  /** 4xx answers will not change on retry. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Spec §8: no usable session for a call that needs one (no token, or the refresh failed). */
export const AUTHENTICATION_REQUIRED = 'AUTH.REQUIRED';
const authenticationRequired = (): ApiError => new ApiError(401, AUTHENTICATION_REQUIRED, 'Authentication required');

/** A 204 answer: no body. */
export const NoContent = z.undefined();

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export type RequestOptions = {
  /** JSON-encoded, except FormData, which goes as multipart. */
  readonly body?: unknown;
  readonly signal?: AbortSignal;
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
  /**
   * As the route contract says: 'none' never sends the token (sign-in calls), 'optional' sends it when
   * one is held (the default), 'required' fails at once without one.
   */
  readonly auth?: 'none' | 'optional' | 'required';
  /** 'blob' reads a 2xx body as bytes (media), not as JSON. */
  readonly responseType?: 'json' | 'blob';
  /** Extra request headers. */
  readonly headers?: Readonly<Record<string, string>>;
};

const buildUrl = (path: string, query?: RequestOptions['query']): string => {
  const url = `${env.apiUrl}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
};

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const toApiError = (response: Response, body: unknown): ApiError => {
  const parsed = ErrorBody.safeParse(body);
  if (parsed.success) {
    return new ApiError(response.status, parsed.data.code, parsed.data.message, parsed.data.errors, parsed.data.current);
  }
  return new ApiError(response.status, `HTTP.${response.status}`, response.statusText || 'Request failed');
};

const networkFailure = (error: unknown): never => {
  // Cancellation is not a failure: let the caller (TanStack Query) see the AbortError as is.
  if (error instanceof DOMException && error.name === 'AbortError') throw error;
  throw new ApiError(0, 'NETWORK', error instanceof Error ? error.message : 'Network error');
};

let refreshing: Promise<string | null> | null = null;

/**
 * Trades the refresh token (from the current token's payload) for a new access token. One refresh at
 * a time for the whole app: a refresh token works once, so concurrent 401s share the same attempt.
 * Resolves to the new token, or null when the server refused (the session is over).
 */
const refreshSession = (): Promise<string | null> => {
  refreshing ??= (async () => {
    const refreshToken = readClaims(tokenStore.get())?.refresh_token;
    if (!refreshToken) return null;
    let response: Response;
    try {
      response = await fetch(buildUrl('/refresh'), {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ refreshToken }),
      });
    } catch (error) {
      return networkFailure(error);
    }
    const token = response.ok ? bearerFrom(response.headers) : null;
    if (token) tokenStore.set(token);
    return token;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
};

/** An expired access token is a 401 whose message mentions the token (spec §8); other 401s end the session. */
const isExpiredToken = (error: ApiError): boolean => /token/i.test(error.message);

export type RawResponse = { readonly response: Response; readonly body: unknown };

/**
 * Sends one call with the session's token, following spec §8 on a 401: an expired token is refreshed
 * once and the call retried; a failed refresh clears the token and raises authentication-required;
 * any other 401 clears the token. Answers the response when it is 2xx, throws ApiError otherwise.
 */
async function send(method: Method, path: string, options: RequestOptions = {}): Promise<RawResponse> {
  const auth = options.auth ?? 'optional';
  const sentToken = auth === 'none' ? null : tokenStore.get();
  if (auth === 'required' && sentToken === null) throw authenticationRequired();

  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  const attempt = async (token: string | null): Promise<RawResponse> => {
    // The app's own language, not the browser's: the server writes account e-mails in it.
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLocale() };
    if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
    if (token !== null) headers['Authorization'] = `Bearer ${token}`;
    Object.assign(headers, options.headers);
    let response: Response;
    try {
      response = await fetch(buildUrl(path, options.query), {
        method,
        headers,
        credentials: 'same-origin',
        ...(options.body !== undefined ? { body: isForm ? (options.body as FormData) : JSON.stringify(options.body) } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      return networkFailure(error);
    }
    const bytes = options.responseType === 'blob' && response.ok;
    return { response, body: bytes ? await response.blob() : await readJson(response) };
  };

  // Only the token this call sent may be cleared: a newer one (another tab, a refresh) is left alone.
  const endSession = (token: string): void => {
    if (tokenStore.get() === token) tokenStore.clear({ serverRefused: true });
  };

  let result = await attempt(sentToken);
  if (result.response.status === 401 && sentToken !== null) {
    const error = toApiError(result.response, result.body);
    if (!isExpiredToken(error)) {
      endSession(sentToken);
      throw error;
    }
    // Another call may already have refreshed while this one was in flight.
    const held = tokenStore.get();
    const fresh = held !== null && held !== sentToken ? held : await refreshSession();
    if (fresh === null) {
      endSession(sentToken);
      throw authenticationRequired();
    }
    result = await attempt(fresh);
    if (result.response.status === 401) {
      endSession(fresh);
      throw toApiError(result.response, result.body);
    }
  }
  if (!result.response.ok) throw toApiError(result.response, result.body);
  return result;
}

/** How long a change the server accepted (202) is waited for before the screen is told it is still on its way. */
const PENDING_WAIT_MS = 30_000;

/**
 * A 202 COMMAND.PENDING answer: the change is done, but the server's read side did not show it in
 * time. Reads its address again, each read waiting on the server until the change shows (or
 * answering 202 again), so the caller gets the object as it now is, as if the first answer had
 * been on time. A deleted object's address answers 404 once the deletion shows: that is the end of
 * the wait too.
 */
const awaitPending = async (pending: CommandPending, options: RequestOptions): Promise<RawResponse | null> => {
  if (!pending.location) return null;
  const path = pending.location.replace(/^\/api(?=\/)/, '');
  const deadline = Date.now() + PENDING_WAIT_MS;
  while (Date.now() < deadline) {
    let result: RawResponse;
    try {
      result = await send('GET', path, { signal: options.signal, headers: { [AFTER_HEADER]: pending.after } });
    } catch (error) {
      if (isApiError(error) && error.isNotFound) return null;
      throw error;
    }
    if (result.response.status !== 202) return result;
  }
  return null;
};

async function request<Schema extends z.ZodType>(
  method: Method,
  path: string,
  schema: Schema,
  options: RequestOptions = {},
): Promise<z.infer<Schema>> {
  let { response, body } = await send(method, path, options);
  // The server did the change but its read side had not shown it yet: a 202 with what it knows, or
  // an answer that may be older than the change, marked by the position to read after.
  const pending = response.status === 202 ? CommandPending.safeParse(body) : null;
  const location = response.headers.get('Location');
  const after = method === 'GET' ? null : response.headers.get(AFTER_HEADER);
  if (pending?.success) {
    const shown = await awaitPending(pending.data, options);
    if (schema.safeParse(undefined).success) return undefined as z.infer<Schema>;
    if (!shown) throw new ApiError(202, pending.data.code, pending.data.message);
    ({ response, body } = shown);
  } else if (after && location) {
    const shown = await awaitPending({ code: 'COMMAND.PENDING', message: '', location, after }, options);
    if (shown && schema.safeParse(shown.body).success) ({ response, body } = shown);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    // The server broke its contract: say where, once, and fail the call.
    console.error(`Unexpected response from ${method} ${path}`, parsed.error.issues);
    throw new ApiError(response.status, 'RESPONSE.INVALID', 'The server sent an unexpected answer.');
  }
  return parsed.data;
}

/** Thin fetch wrapper against the API base; every response is checked against its contract schema. */
export const apiClient = {
  get: <Schema extends z.ZodType>(path: string, schema: Schema, options?: Omit<RequestOptions, 'body'>) =>
    request('GET', path, schema, options),
  post: <Schema extends z.ZodType>(path: string, schema: Schema, options?: RequestOptions) =>
    request('POST', path, schema, options),
  patch: <Schema extends z.ZodType>(path: string, schema: Schema, options?: RequestOptions) =>
    request('PATCH', path, schema, options),
  delete: <Schema extends z.ZodType>(path: string, schema: Schema, options?: RequestOptions) =>
    request('DELETE', path, schema, options),
  /** A media file's bytes (sent with the session's token, so private stations' photos load too). */
  blob: async (path: string, options?: Omit<RequestOptions, 'body' | 'responseType'>): Promise<Blob> =>
    (await send('GET', path, { ...options, responseType: 'blob' })).body as Blob,
  /** The bare response, for the calls that answer with a header (the sign-in calls' `Authorization`). */
  raw: (method: Method, path: string, options?: RequestOptions) => send(method, path, options),
};

/**
 * Sign-in calls answer the new access token in the `Authorization` header; a 2xx without it is a broken contract.
 * Answers the token and the parsed body.
 */
export const requestToken = async <Schema extends z.ZodType>(
  method: Method,
  path: string,
  schema: Schema,
  options: RequestOptions = {},
): Promise<{ token: string; body: z.infer<Schema> }> => {
  const { response, body } = await send(method, path, { auth: 'none', ...options });
  const token = bearerFrom(response.headers);
  const parsed = schema.safeParse(body);
  if (!token || !parsed.success) {
    console.error(`Unexpected response from ${method} ${path}: no token in the Authorization header or a bad body`);
    throw new ApiError(response.status, 'RESPONSE.INVALID', 'The server sent an unexpected answer.');
  }
  return { token, body: parsed.data };
};
