import type { DomainEvent } from '../kernel/messages.js';
import type { UpcasterRegistry } from '../kernel/upcasters.js';
import { postPiiSubject } from './post.events.js';

/**
 * Posts stored before bodies were sealed carry `body` in clear: read them in the current shape,
 * the body under `pii` (the sealing store passes an unsealed `pii` through, and reads it as null
 * once the author's key is destroyed, so an erased author's old words stay erased). An old edit
 * does not name its author, so its subject is unknown (null); the discussions projection erases
 * those bodies on `UserDeleted` all the same.
 */
const toSealedShape = (event: DomainEvent): DomainEvent => {
  const data = event.data as Record<string, unknown>;
  if ('pii' in data) return event;
  const { body, ...rest } = data;
  const authorId = rest['authorId'];
  return {
    type: event.type,
    data: {
      ...rest,
      piiSubject: typeof authorId === 'number' ? postPiiSubject(authorId) : null,
      pii: typeof body === 'string' ? { body } : null,
    },
  };
};

export const upcastPostCreated = toSealedShape;
export const upcastPostEdited = toSealedShape;

export const registerPostUpcasters = (registry: UpcasterRegistry): UpcasterRegistry =>
  registry.register('PostCreated', upcastPostCreated).register('PostEdited', upcastPostEdited);
