import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  dataEventDecider,
  dataEventStream,
  DomainError,
  moderationDecider,
  moderationStream,
  postDecider,
  postMessages,
  postStream,
} from '@groundtruth/domain';
import { EVENT_STORE, ID_ALLOCATOR, type EventStore, type IdAllocator } from '@groundtruth/platform';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { streamState } from '../stream-state.js';
import { ReportPostCommand } from './report-post.command.js';

@CommandHandler(ReportPostCommand)
export class ReportPostHandler implements ICommandHandler<ReportPostCommand> {
  constructor(
    private readonly streams: AggregateStreams,
    @Inject(ID_ALLOCATOR) private readonly ids: IdAllocator,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute({ input, meta }: ReportPostCommand) {
    const { postId, postType } = input;
    const post =
      postType === 'discussion_post'
        ? await streamState(this.store, postDecider, postStream(postId))
        : await streamState(this.store, dataEventDecider, dataEventStream(postId));
    if (post.status !== 'live') throw new DomainError('not_found', 'POST.NOT_FOUND', postMessages.notFound);
    const newRequestId = await this.ids.next('moderation_request');
    // Another report landing meanwhile joins the same request: decide again on it.
    return this.streams.decide(
      moderationDecider,
      moderationStream(postType, postId),
      { type: 'ReportPost', data: { postId, postType, newRequestId, authorId: post.authorId } },
      meta,
      { retries: 5 },
    );
  }
}
