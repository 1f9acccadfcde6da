import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { fold, projectDecider, projectInviteSubject, projectStream, type ProjectEvent } from '@groundtruth/domain';
import { EVENT_STORE, LOGGER, SUBJECT_KEYS, type EventStore, type Logger, type SubjectKeyStore } from '@groundtruth/platform';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { MediaStore } from '../../../media/index.js';
import { DeleteProjectCommand } from './delete-project.command.js';

/**
 * Deletes the project, then what only it held: its photo, and the sealed addresses of the
 * invitations nobody answered (their keys are destroyed, so the log no longer reveals them).
 */
@CommandHandler(DeleteProjectCommand)
export class DeleteProjectHandler implements ICommandHandler<DeleteProjectCommand> {
  constructor(
    private readonly streams: AggregateStreams,
    private readonly media: MediaStore,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(LOGGER) private readonly log: Logger,
    @Inject(SUBJECT_KEYS) private readonly keys: SubjectKeyStore,
  ) {}

  async execute({ input, meta }: DeleteProjectCommand) {
    const stream = projectStream(input.projectId);
    const before = fold(projectDecider, (await this.store.readStream(stream)) as unknown as ProjectEvent[]);
    const outcome = await this.streams.decide(projectDecider, stream, { type: 'DeleteProject', data: input }, meta);
    if (before.status === 'active') {
      for (const inviteId of before.invites.keys()) await this.keys.destroy(projectInviteSubject(inviteId));
      if (before.photo) {
        await this.media.remove(before.photo).catch((err: unknown) => this.log.warn({ err }, 'could not remove a project photo'));
      }
    }
    return outcome;
  }
}
