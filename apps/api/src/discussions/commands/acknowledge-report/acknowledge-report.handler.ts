import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  dataEventDecider,
  dataEventStream,
  DomainError,
  moderationDecider,
  moderationStream,
  postDecider,
  postStream,
} from '@groundtruth/domain';
import { AggregateStreams, type CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';
import { AcknowledgeReportCommand } from './acknowledge-report.command.js';

@CommandHandler(AcknowledgeReportCommand)
export class AcknowledgeReportHandler implements ICommandHandler<AcknowledgeReportCommand> {
  constructor(private readonly streams: AggregateStreams) {}

  async execute({ input, meta }: AcknowledgeReportCommand): Promise<CommandOutcome> {
    const { postId, postType, action } = input;
    // Two moderators at once: the loser's append conflicts, it decides again on the winner's
    // acknowledgement, and the decider answers 409 with what the winner did.
    const acknowledged = await this.streams.decide(
      moderationDecider,
      moderationStream(postType, postId),
      { type: 'AcknowledgeReport', data: input },
      meta,
      { retries: 5 },
    );
    if (action === 'keep') return acknowledged;
    let deleted: CommandOutcome | null = null;
    try {
      deleted =
        postType === 'discussion_post'
          ? await this.streams.decide(
              postDecider,
              postStream(postId),
              { type: 'DeletePost', data: { postId, byModerator: true } },
              meta,
              {
                retries: 5,
              },
            )
          : await this.streams.decide(
              dataEventDecider,
              dataEventStream(postId),
              { type: 'DeleteDataEvent', data: { eventId: postId, byModerator: true } },
              meta,
              { retries: 5 },
            );
    } catch (error) {
      // Its author deleted it meanwhile: the outcome is the same.
      if (!(error instanceof DomainError && error.kind === 'not_found')) throw error;
    }
    return {
      streamId: acknowledged.streamId,
      events: [...acknowledged.events, ...(deleted?.events ?? [])],
      position: deleted?.position ?? acknowledged.position,
    };
  }
}
