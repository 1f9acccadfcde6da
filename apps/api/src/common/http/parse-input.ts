import { DomainError } from '@groundtruth/domain';
import type { z } from 'zod';

/** Where a NUL character hides in the input (Postgres text and jsonb cannot hold one), or null. */
const nulPath = (value: unknown, path: string[] = []): string[] | null => {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = nulPath(v, [...path, String(i)]);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const found = k.includes('\u0000') ? [...path, k] : nulPath(v, [...path, k]);
      if (found) return found;
    }
  }
  return null;
};

/** Validates input against a contract schema; failures become one 400 listing every bad field. */
export const parseInput = <S extends z.ZodType>(schema: S, value: unknown, part: string): z.infer<S> => {
  // Checked for every call before its schema: no store could keep the text anyway.
  const nul = nulPath(value);
  if (nul) {
    throw DomainError.validation(
      'VALIDATION.FAILED',
      { [nul.length ? nul.join('.') : part]: 'Text cannot contain NUL characters.' },
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
