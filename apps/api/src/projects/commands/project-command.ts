import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { projectDecider, projectStream, type CommandMetadata, type ProjectCommand } from '@groundtruth/domain';
import { AggregateStreams, type CommandOutcome } from '../../common/cqrs/aggregate-streams.js';

/**
 * A project-aggregate command that is one decision on one stream (follow, unfollow, edit or delete
 * an update, take a station out). Use cases that do more (ids, media, mail, erasure) have their own
 * folders and orchestrate around the same decider.
 */
export class ProjectCommandMessage extends Command<CommandOutcome> {
  constructor(
    readonly command: ProjectCommand,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(ProjectCommandMessage)
export class ProjectCommandHandler implements ICommandHandler<ProjectCommandMessage> {
  constructor(private readonly streams: AggregateStreams) {}

  execute({ command, meta }: ProjectCommandMessage) {
    return this.streams.decide(projectDecider, projectStream(command.data.projectId), command, meta);
  }
}
