import { z } from 'zod';

export const CreatedId = z.object({ id: z.number().int() }).meta({ id: 'CreatedId' });
