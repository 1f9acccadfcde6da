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

/**
 * A command that was done, answered before the read side shows it (202): the projections had not
 * caught up within the read-your-writes bound. `location` is the changed object's address when
 * known; asking it again with the header `Groundtruth-After: {after}` waits until it shows the change.
 */
export const CommandPending = z
  .object({
    code: z.literal('COMMAND.PENDING'),
    message: z.string(),
    id: z.number().int().optional().meta({ description: "The created or changed object's id, when it has a number" }),
    location: z.string().optional().meta({ example: '/api/projects/12' }),
    after: z.string().meta({ description: 'Log position of the change (send back as Groundtruth-After)' }),
  })
  .meta({ id: 'CommandPending' });
export type CommandPending = z.infer<typeof CommandPending>;

/** The request header a read sends to wait until the read side has passed a change it was told of. */
export const AFTER_HEADER = 'Groundtruth-After';

/** A 400: the Groundtruth-After header names no position the log gave out (malformed, or beyond its head). */
export const AFTER_UNKNOWN = 'AFTER.UNKNOWN';
