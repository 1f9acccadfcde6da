import type { RouteContract } from '@groundtruth/contracts';
import type { z } from 'zod';
import { NoContent, apiClient, requestToken, type Method, type RawResponse, type RequestOptions } from './api-client';

type Input<T> = T extends z.ZodType ? z.input<T> : never;
type Answer<R extends RouteContract, S> = S extends z.ZodType
  ? z.infer<S>
  : R['response'] extends z.ZodType
    ? z.infer<R['response']>
    : undefined;

export type RouteCall<R extends RouteContract, S extends z.ZodType | undefined = undefined> = {
  /** Values of the path's `{name}` holes. */
  readonly params?: Input<R['params']>;
  readonly query?: Input<R['query']>;
  readonly body?: Input<R['body']>;
  /** A multipart body (uploads: the route reads the field "file"). */
  readonly form?: FormData;
  readonly signal?: AbortSignal;
  readonly headers?: RequestOptions['headers'];
  /**
   * Another form of the answer (the route's `alternatives`), or a stricter reading of it that the web
   * needs (a default the server may leave out), checked against this schema.
   */
  readonly schema?: S;
  /** Overrides the route's own auth, for a call whose need of a session depends on the caller. */
  readonly auth?: RouteContract['auth'];
  /** 'blob' reads a 2xx body as bytes (an answer in another media type, read through callRouteRaw). */
  readonly responseType?: RequestOptions['responseType'];
};

/** The path of a route with its `{name}` holes filled (each value URL-encoded). */
export const routePath = (path: string, params: Readonly<Record<string, unknown>> | undefined): string =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`The path ${path} needs ${name}.`);
    return encodeURIComponent(String(value as string | number));
  });

const queryOf = (query: unknown): RequestOptions['query'] => {
  if (query === undefined) return undefined;
  const out: Record<string, string | number | boolean | undefined> = {};
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    out[key] = Array.isArray(value) ? value.join(',') : (value as string | number | boolean);
  }
  return out;
};

/** The request a route and a call make: method, filled path and the client's options. */
export const routeRequest = <R extends RouteContract>(
  route: R,
  call: RouteCall<R, z.ZodType | undefined>,
): { method: Method; path: string; options: RequestOptions } => {
  const query = queryOf(call.query);
  const body = call.form ?? call.body;
  return {
    method: route.method.toUpperCase() as Method,
    path: routePath(route.path, call.params as Record<string, unknown> | undefined),
    options: {
      auth: call.auth ?? route.auth,
      ...(call.signal ? { signal: call.signal } : {}),
      ...(call.headers ? { headers: call.headers } : {}),
      ...(body !== undefined ? { body } : {}),
      ...(query ? { query } : {}),
      ...(call.responseType ? { responseType: call.responseType } : {}),
    },
  };
};

/** What a route answers: its schema, the call's alternative, or nothing for a 204. */
const answerSchema = (route: RouteContract, schema: z.ZodType | undefined): z.ZodType => {
  const chosen = schema ?? route.response;
  if (chosen) return chosen;
  if (route.status === 204) return NoContent;
  throw new Error(`${route.method.toUpperCase()} ${route.path} declares no JSON answer; use callRouteBlob.`);
};

/**
 * One API call built from its route contract (STYLE: web calls come from the contract's route
 * objects): the method, the path, the auth the route asks for, and the answer checked against the
 * route's schema (or the alternative form named by `schema`); a 204 route answers undefined.
 */
export const callRoute = <R extends RouteContract, S extends z.ZodType | undefined = undefined>(
  route: R,
  call: RouteCall<R, S> = {},
): Promise<Answer<R, S>> => {
  const schema = answerSchema(route, call.schema);
  const { method, path, options } = routeRequest(route, call);
  const request =
    method === 'GET'
      ? apiClient.get(path, schema, options)
      : method === 'POST'
        ? apiClient.post(path, schema, options)
        : method === 'PATCH'
          ? apiClient.patch(path, schema, options)
          : method === 'DELETE'
            ? apiClient.delete(path, schema, options)
            : Promise.reject(new Error(`No client for ${method}.`));
  return request as Promise<Answer<R, S>>;
};

/** A route that answers bytes (media, an export's file), read with the session's token. */
export const callRouteBlob = <R extends RouteContract>(route: R, call: RouteCall<R> = {}): Promise<Blob> => {
  const { path, options } = routeRequest(route, call);
  return apiClient.blob(path, options);
};

/**
 * A sign-in route: answers the new access token from the Authorization header (a 2xx without one is
 * a broken contract) and the body checked against the route's schema.
 */
export const callRouteForToken = async <R extends RouteContract>(
  route: R,
  call: RouteCall<R> = {},
): Promise<{ token: string; body: Answer<R, undefined> }> => {
  const schema = answerSchema(route, undefined);
  const { method, path, options } = routeRequest(route, call);
  const { token, body } = await requestToken(method, path, schema, options);
  return { token, body: body as Answer<R, undefined> };
};

/** The bare response of a route, for one whose header matters only sometimes (forum sign-on). */
export const callRouteRaw = <R extends RouteContract>(route: R, call: RouteCall<R> = {}): Promise<RawResponse> => {
  const { method, path, options } = routeRequest(route, call);
  return apiClient.raw(method, path, options);
};
