import { z } from 'zod';
import { ErrorBody } from '../common/errors.contract.js';
import type { RouteContract } from './route.js';

type Json = Record<string, unknown>;

const schemaOf = (schema: z.ZodType, components: Json): Json => {
  const json = z.toJSONSchema(schema, { target: 'openapi-3.0', unrepresentable: 'any', io: 'input' }) as Json;
  const { $defs, definitions, $schema: _s, ...rest } = json as Json & { $defs?: Json; definitions?: Json; $schema?: unknown };
  Object.assign(components, $defs ?? {}, definitions ?? {});
  return rest;
};

const rewriteRefs = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value && typeof value === 'object') {
    const out: Json = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] =
        k === '$ref' && typeof v === 'string' ? v.replace(/^#\/(\$defs|definitions)\//, '#/components/schemas/') : rewriteRefs(v);
    }
    return out;
  }
  return value;
};

const parametersOf = (schema: z.ZodType | undefined, location: 'path' | 'query', components: Json): Json[] => {
  if (!schema) return [];
  const json = schemaOf(schema, components) as { properties?: Json; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: location,
    required: location === 'path' || (json.required ?? []).includes(name),
    schema: s,
  }));
};

/** Builds the OpenAPI 3 document from the same route contracts the API validates with. */
export const buildOpenApiDocument = (routes: readonly RouteContract[], info: { title: string; version: string }): Json => {
  const components: Json = {};
  const paths: Record<string, Json> = {};
  const errorRef = { $ref: '#/components/schemas/Error' };
  schemaOf(ErrorBody, components);
  const ifMatch: Json = {
    name: 'If-Match',
    in: 'header',
    required: false,
    description: 'The ETag of what the edit was made on; instead of `version` in the body',
    schema: { type: 'string', example: '"7"' },
  };
  const versionEtag: Json = {
    ETag: {
      description: "The answer's `version`, to send back as If-Match with an edit of it",
      schema: { type: 'string', example: '"7"' },
    },
  };
  for (const r of routes) {
    const responses: Json = {
      [String(r.status ?? 200)]: {
        description: 'Success',
        ...(r.versionEtag ? { headers: versionEtag } : {}),
        ...(r.response
          ? {
              content: {
                'application/json': { schema: schemaOf(r.response, components) },
                ...Object.fromEntries(
                  Object.entries(r.alternatives ?? {}).map(([type, schema]) => [type, { schema: schemaOf(schema, components) }]),
                ),
              },
            }
          : {}),
      },
    };
    for (const [status, description] of Object.entries(r.errors ?? {})) {
      responses[status] = { description, content: { 'application/json': { schema: errorRef } } };
    }
    if (r.auth === 'required')
      responses['401'] = { description: 'Sign-in required', content: { 'application/json': { schema: errorRef } } };
    const operation: Json = {
      summary: r.summary,
      tags: [...r.tags],
      parameters: [
        ...parametersOf(r.params, 'path', components),
        ...parametersOf(r.query, 'query', components),
        ...(r.versioned ? [ifMatch] : []),
      ],
      responses,
      ...(r.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(r.body, components) } } } }
        : {}),
      ...(r.auth === 'required' ? { security: [{ bearer: [] }] } : {}),
    };
    paths[`/api${r.path}`] = { ...(paths[`/api${r.path}`] ?? {}), [r.method]: operation };
  }
  return rewriteRefs({
    openapi: '3.0.3',
    info,
    paths,
    components: { schemas: components, securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
  }) as Json;
};
