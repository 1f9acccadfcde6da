import { DomainError } from '@groundtruth/domain';
import type { z } from 'zod';

/** Validates input against a contract schema; failures become one 400 listing every bad field. */
export const parseInput = <S extends z.ZodType>(schema: S, value: unknown, part: string): z.infer<S> => {
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
