import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { postDecider, postStream, type ThreadFacts } from '@groundtruth/domain';
import { EVENT_STORE, ID_ALLOCATOR, type EventStore, type IdAllocator } from '@groundtruth/platform';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { streamState } from '../stream-state.js';
import { CreatePostCommand } from './create-post.command.js';

@CommandHandler(CreatePostCommand)
export class CreatePostHandler implements ICommandHandler<CreatePostCommand> {
  constructor(
    private readonly streams: AggregateStreams,
    @Inject(ID_ALLOCATOR) private readonly ids: IdAllocator,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute({ input, meta }: CreatePostCommand) {
    let thread: ThreadFacts | null = null;
    if (input.threadId !== null) {
      // The thread's own stream, not a read model: whether it is live or a reply is the log's word.
      const state = await streamState(this.store, postDecider, postStream(input.threadId));
      thread =
        state.status === 'absent'
          ? { postId: input.threadId, status: 'absent', threadId: null, target: null }
          : { postId: input.threadId, status: state.status, threadId: state.threadId, target: state.target };
    }
    const postId = await this.ids.next('discussion_post');
    const outcome = await this.streams.decide(
      postDecider,
      postStream(postId),
      { type: 'CreatePost', data: { postId, authorId: input.authorId, target: input.target, thread, body: input.body } },
      meta,
    );
    return { ...outcome, postId };
  }
}
