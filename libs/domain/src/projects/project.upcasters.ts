import type { DomainEvent } from '../kernel/messages.js';
import type { UpcasterRegistry } from '../kernel/upcasters.js';

/**
 * `ProjectCreated` of the first release had no `showExactLocation` (the choice came later, and a
 * project without it shows exact locations): read it back in the current shape, so deciders,
 * projections and the audit never meet the old one.
 */
export const upcastProjectCreated = (event: DomainEvent): DomainEvent => {
  const data = event.data as Record<string, unknown>;
  return 'showExactLocation' in data ? event : { type: event.type, data: { ...data, showExactLocation: true } };
};

export const registerProjectUpcasters = (registry: UpcasterRegistry): UpcasterRegistry =>
  registry.register('ProjectCreated', upcastProjectCreated);
