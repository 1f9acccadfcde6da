import { z } from 'zod';

/** Ids in routes are positive integers (spec: 'Project ids for loads must be numeric'). */
export const IdParam = z.coerce
  .number({ error: 'Must be a number.' })
  .int({ error: 'Must be a whole number.' })
  .positive({ error: 'Must be a positive number.' })
  .max(Number.MAX_SAFE_INTEGER);
export const IdParams = z.object({ id: IdParam });
