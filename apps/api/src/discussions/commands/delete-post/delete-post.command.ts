import {
  postDecider,
  postStream,
  type CommandMetadata,
  type DeletePost,
  type PostCommand,
  type PostEvent,
  type PostState,
} from '@groundtruth/domain';
import { DeciderCommand } from '../../../common/cqrs/decider-command.js';

/** Deletes a post: by its author, or (`byModerator`) by a moderator acknowledging a report. */
export class DeletePostCommand extends DeciderCommand<PostState, PostCommand, PostEvent> {
  constructor(input: DeletePost['data'], meta: CommandMetadata) {
    super(postDecider, postStream(input.postId), { type: 'DeletePost', data: input }, meta);
  }
}
