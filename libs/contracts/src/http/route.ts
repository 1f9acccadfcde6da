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
