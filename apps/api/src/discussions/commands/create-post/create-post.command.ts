import { Command } from '@nestjs/cqrs';
import type { CommandMetadata, PostTarget } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

/** A new comment or reply; the handler takes its id and reads the thread it answers. */
export class CreatePostCommand extends Command<CommandOutcome & { postId: number }> {
  constructor(
    readonly input: { authorId: number; target: PostTarget | null; threadId: number | null; body: string },
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
