import { registerPostUpcasters } from './discussions/post.upcasters.js';
import { UpcasterRegistry } from './kernel/upcasters.js';
import { registerProjectUpcasters } from './projects/project.upcasters.js';

/** Every upcaster of the domain's events: what the event store applies on every read. */
export const createUpcasters = (): UpcasterRegistry => registerPostUpcasters(registerProjectUpcasters(new UpcasterRegistry()));
