import { randomUUID } from 'node:crypto';
import type { CommandMetadata } from '@groundtruth/domain';
import { requestContext } from '@groundtruth/platform';

/** Who and when for a command, taken from the request being served (or the system, outside one). */
export const commandMetadata = (userId: number | null = null): CommandMetadata => {
  const ctx = requestContext.getStore();
  const correlationId = ctx?.correlationId ?? randomUUID();
  return {
    correlationId,
    causationId: ctx?.requestId ?? correlationId,
    userId: userId ?? ctx?.userId ?? null,
    now: new Date().toISOString(),
  };
};
