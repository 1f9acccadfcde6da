import { DomainError } from '@groundtruth/domain';
import type { z } from 'zod';

/**
 * Text no store can keep: a NUL character, or a lone UTF-16 surrogate (`"\ud800"` is valid JSON
 * and fits the log's json column, but jsonb and text refuse it, so the event would stop every
 * projection that stores it).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unstorable = (text: string): boolean => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** Where unstorable text hides in the input, or null. */
const unstorablePath = (value: unknown, path: string[] = []): string[] | null => {
  if (typeof value === 'string') return unstorable(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = unstorablePath(v, [...path, String(i)]);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const found = unstorable(k) ? [...path, k] : unstorablePath(v, [...path, k]);
      if (found) return found;
    }
  }
  return null;
};

/** Validates input against a contract schema; failures become one 400 listing every bad field. */
export const parseInput = <S extends z.ZodType>(schema: S, value: unknown, part: string): z.infer<S> => {
  // Checked for every call before its schema: no store could keep the text anyway.
  const bad = unstorablePath(value);
  if (bad) {
    throw DomainError.validation(
      'VALIDATION.FAILED',
      { [bad.length ? bad.join('.') : part]: 'This text contains characters that cannot be stored.' },
      'Some fields are not valid.',
    );
  }
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join('.') : part;
    errors[key] ??= issue.message;
  }
  throw DomainError.validation(
    'VALIDATION.FAILED',
    errors,
    part === 'params' ? 'The address is not valid.' : 'Some fields are not valid.',
  );
};
