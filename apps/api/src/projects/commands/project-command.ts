import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  projectDecider,
  projectStream,
  retriedProjectCommands,
  type CommandMetadata,
  type ProjectCommand,
} from '@groundtruth/domain';
import type { ExpectedVersion } from '@groundtruth/platform';
import { AggregateStreams, type CommandOutcome, type DecideOptions } from '../../common/cqrs/aggregate-streams.js';

/**
 * How often a retried project command is decided again after a concurrent change: enough for a
 * burst of follows on a busy project, few enough that a stuck stream still answers quickly.
 */
export const PROJECT_COMMAND_RETRIES = 10;

/** Retries for the commands that may be decided again (see `retriedProjectCommands`), none for the rest. */
export const decideOptionsFor = (type: ProjectCommand['type']): DecideOptions => ({
  retries: retriedProjectCommands.has(type) ? PROJECT_COMMAND_RETRIES : 0,
});

/**
 * A project-aggregate command that is one decision on one stream (follow, unfollow, edit or delete
 * an update, take a station out). Use cases that do more (ids, media, mail, erasure) have their own
 * folders and orchestrate around the same decider.
 */
export class ProjectCommandMessage extends Command<CommandOutcome> {
  constructor(
    readonly command: ProjectCommand,
    readonly meta: CommandMetadata,
    /** For an edit: the version it was made on (see project.versions.ts for what moves which). */
    readonly expected?: ExpectedVersion,
  ) {
    super();
  }
}

@CommandHandler(ProjectCommandMessage)
export class ProjectCommandHandler implements ICommandHandler<ProjectCommandMessage> {
  constructor(private readonly streams: AggregateStreams) {}

  execute({ command, meta, expected }: ProjectCommandMessage) {
    const stream = projectStream(command.data.projectId);
    return this.streams.decide(projectDecider, stream, command, meta, { ...decideOptionsFor(command.type), expected });
  }
}
