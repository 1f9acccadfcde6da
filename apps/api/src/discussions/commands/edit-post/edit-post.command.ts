import {
  postDecider,
  postStream,
  type CommandMetadata,
  type EditPost,
  type PostCommand,
  type PostEvent,
  type PostState,
} from '@groundtruth/domain';
import { DeciderCommand } from '../../../common/cqrs/decider-command.js';

/** The author's edit of a post: a new `PostEdited` in its stream, the earlier text kept before it. */
export class EditPostCommand extends DeciderCommand<PostState, PostCommand, PostEvent> {
  constructor(input: EditPost['data'], meta: CommandMetadata) {
    super(postDecider, postStream(input.postId), { type: 'EditPost', data: input }, meta);
  }
}
