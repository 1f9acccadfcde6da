import type { Projection } from '@groundtruth/platform';
import { projectsProjection } from './projects/projects.projection.js';

/** Every Postgres projection the projector runs; `rebuild all` replays each of these. */
export const projections: readonly Projection[] = [projectsProjection];

export { projectsProjection };
