import { retriedProjectCommands, type ProjectCommand } from '@groundtruth/domain';
import type { DecideOptions } from '../../common/cqrs/aggregate-streams.js';

/**
 * How often a retried project command is decided again after a concurrent change: enough for a
 * burst of follows on a busy project, few enough that a stuck stream still answers quickly.
 */
export const PROJECT_COMMAND_RETRIES = 10;

/** Retries for the commands that may be decided again (see `retriedProjectCommands`), none for the rest. */
export const decideOptionsFor = (type: ProjectCommand['type']): DecideOptions => ({
  retries: retriedProjectCommands.has(type) ? PROJECT_COMMAND_RETRIES : 0,
});
