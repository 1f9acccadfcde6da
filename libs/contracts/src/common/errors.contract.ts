import { z } from 'zod';

/** Every error answer: a stable code, a message for people, and field errors for bad input. */
export const ErrorBody = z
  .object({
    code: z.string().meta({ example: 'VALIDATION.FAILED' }),
    message: z.string(),
    errors: z.record(z.string(), z.string()).optional().meta({ description: 'Field name → message' }),
    current: z.unknown().optional().meta({
      description: 'A 409 to an edit made on an older version: the current state, as the GET answers it (with its version)',
    }),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;
