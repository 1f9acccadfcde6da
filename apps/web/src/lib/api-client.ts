import { ErrorBody } from '@groundtruth/contracts';
import type { z } from 'zod';
import { env } from '@/config/env';

/** A failed call: the HTTP status (0 when the network failed) and the server's `{ code, message, errors? }`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }

  get isForbidden(): boolean {
    return this.status === 403;
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }

  /** 4xx answers will not change on retry. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export type RequestOptions = {
  readonly body?: unknown;
  readonly signal?: AbortSignal;
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
};

const buildUrl = (path: string, query: RequestOptions['query']): string => {
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
    return new ApiError(response.status, parsed.data.code, parsed.data.message, parsed.data.errors);
  }
  return new ApiError(response.status, `HTTP.${response.status}`, response.statusText || 'Request failed');
};

async function request<Schema extends z.ZodType>(
  method: Method,
  path: string,
  schema: Schema,
  options: RequestOptions = {},
): Promise<z.infer<Schema>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      credentials: 'same-origin',
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    // Cancellation is not a failure: let the caller (TanStack Query) see the AbortError as is.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', error instanceof Error ? error.message : 'Network error');
  }

  const body = await readJson(response);
  if (!response.ok) throw toApiError(response, body);

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
};
