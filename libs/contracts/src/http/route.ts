import type { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * One API call: its path (OpenAPI style, `{id}`), what it accepts and answers. The API validates
 * with these schemas and the OpenAPI document is generated from them, so the two cannot drift.
 */
export type RouteContract = {
  readonly method: HttpMethod;
  readonly path: string;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly auth: 'none' | 'optional' | 'required';
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response?: z.ZodType;
  /**
   * Other forms of the success answer, by media type, that a client asks for with `Accept` (or the
   * query's `format`); `response` is the `application/json` one.
   */
  readonly alternatives?: Readonly<Record<string, z.ZodType>>;
  /** Success status; 200 by default. */
  readonly status?: number;
  /**
   * An edit of something that exists: it must carry the version the client read (`version` in the
   * body or `If-Match`; see common/version.contract.ts).
   */
  readonly versioned?: boolean;
  /**
   * A GET of something a versioned edit changes: the answer's `version` is sent as its ETag
   * (`"<version>"`), which If-Match takes back. Other answers send no ETag.
   */
  readonly versionEtag?: boolean;
  /** Error statuses this call may answer, with when. */
  readonly errors?: Readonly<Record<number, string>>;
};

export const route = <R extends RouteContract>(r: R): R => r;

/** The id of the `<script type="application/json">` in which the server hands the web app its first answers. */
export const FIRST_ANSWERS_ELEMENT_ID = 'gt-first-answers';

/**
 * The name under which a GET's answer is handed over inside the page (see FIRST_ANSWERS_ELEMENT_ID):
 * the route's method and path with its query, so the server and the web app build it from the same
 * contract and the same values, never from a written path.
 */
export const firstAnswerKey = (r: RouteContract, query: Readonly<Record<string, string>> = {}): string => {
  const search = new URLSearchParams(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))).toString();
  return `${r.method.toUpperCase()} ${r.path}${search ? `?${search}` : ''}`;
};
