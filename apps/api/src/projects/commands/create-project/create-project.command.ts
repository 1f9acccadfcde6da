import { Command } from '@nestjs/cqrs';
import type { CommandMetadata, CreateProject } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

export type CreateProjectInput = Omit<CreateProject['data'], 'projectId'>;

export class CreateProjectCommand extends Command<CommandOutcome & { projectId: number }> {
  constructor(
    readonly input: CreateProjectInput,
    readonly meta: CommandMetadata,
    /** A fixed id, taken beforehand with IdAllocator.take (the demo's flood project); never from a request. */
    readonly projectId?: number,
  ) {
    super();
  }
}
