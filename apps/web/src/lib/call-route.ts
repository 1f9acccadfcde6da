import type { RouteContract } from '@groundtruth/contracts';
import type { z } from 'zod';
import { apiClient, type RequestOptions } from './api-client';

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
  readonly signal?: AbortSignal;
  readonly headers?: RequestOptions['headers'];
  /** Another form of the answer the route declares (`alternatives`), checked against this schema. */
  readonly schema?: S;
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

/**
 * One API call built from its route contract (STYLE: web calls come from the contract's route
 * objects): the method, the path, the auth the route asks for, and the answer checked against the
 * route's schema (or the alternative form named by `schema`).
 */
export const callRoute = <R extends RouteContract, S extends z.ZodType | undefined = undefined>(
  route: R,
  call: RouteCall<R, S> = {},
): Promise<Answer<R, S>> => {
  const schema = (call.schema ?? route.response) as z.ZodType | undefined;
  if (!schema) throw new Error(`${route.method.toUpperCase()} ${route.path} declares no JSON answer; use callRouteRaw.`);
  const options: RequestOptions = {
    auth: route.auth,
    ...(call.signal ? { signal: call.signal } : {}),
    ...(call.headers ? { headers: call.headers } : {}),
    ...(call.body !== undefined ? { body: call.body } : {}),
  };
  const query = queryOf(call.query);
  const path = routePath(route.path, call.params as Record<string, unknown> | undefined);
  const withQuery = query ? { ...options, query } : options;
  const method = route.method;
  const request =
    method === 'get'
      ? apiClient.get(path, schema, withQuery)
      : method === 'post'
        ? apiClient.post(path, schema, withQuery)
        : method === 'patch'
          ? apiClient.patch(path, schema, withQuery)
          : method === 'delete'
            ? apiClient.delete(path, schema, withQuery)
            : Promise.reject(new Error(`No client for ${method}.`));
  return request as Promise<Answer<R, S>>;
};
