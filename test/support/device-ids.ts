import { randomBytes } from 'node:crypto';

/** A fresh device id as stations send it: eight random bytes in lowercase hex (the canonical form). */
export const newDeviceId = (): string => randomBytes(8).toString('hex');
