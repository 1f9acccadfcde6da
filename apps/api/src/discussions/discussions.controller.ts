import { Controller } from '@nestjs/common';
import { authorize, type Actor } from '@groundtruth/domain';
import { routes, type EditPostBody, type NewPostBody, type PostAnswer } from '@groundtruth/contracts';
import { CurrentActor, userIdOf } from '../accounts/index.js';
import { commandMetadata } from '../common/cqrs/command-metadata.js';
import { CommandGateway } from '../common/cqrs/command-gateway.js';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
import { CreatePostCommand } from './commands/create-post/create-post.command.js';
import { DeletePostCommand } from './commands/delete-post/delete-post.command.js';
import { EditPostCommand } from './commands/edit-post/edit-post.command.js';
import { LiveNotifications } from './live/live-notifications.js';
import { PostPlaces, targetOf } from './post-places.js';
import { DiscussionsQueries, type PostFacts } from './queries/discussions.queries.js';

const placeOf = (p: PostFacts) =>
  p.projectId !== null ? { projectId: p.projectId, bookmark: null } : { projectId: null, bookmark: p.bookmark ?? '' };

/** Comments and replies (spec §7 Discussion): thin, the post decider judges the text and the thread. */
@Controller()
export class DiscussionsController {
  constructor(
    private readonly commands: CommandGateway,
    private readonly queries: DiscussionsQueries,
    private readonly places: PostPlaces,
    private readonly live: LiveNotifications,
  ) {}

  @ApiRoute(routes.projectDiscussion)
  async ofProject(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }) {
    await this.places.read(actor, { projectId: id, bookmark: null });
    return this.queries.ofProject(id, actor);
  }

  @ApiRoute(routes.bookmarkDiscussion)
  async ofBookmark(@CurrentActor() actor: Actor, @Input('query') { bookmark }: { bookmark: string }) {
    await this.places.read(actor, { projectId: null, bookmark });
    return this.queries.ofBookmark(bookmark, actor);
  }

  /** A reply is written where its thread is, whatever the body names; the author is always the caller. */
  @ApiRoute(routes.createPost)
  async create(@CurrentActor() actor: Actor, @Input('body') { post }: NewPostBody): Promise<PostAnswer> {
    const authorId = userIdOf(actor);
    const thread = post.threadId !== undefined ? await this.queries.facts(post.threadId) : null;
    const target = thread ? placeOf(thread) : targetOf(post.projectId, post.bookmark);
    await this.places.write(actor, target);
    const { postId } = await this.commands.execute(
      new CreatePostCommand({ authorId, target, threadId: post.threadId ?? null, body: post.body }, commandMetadata(authorId)),
    );
    await this.live.raisedBy([postId]);
    return { post: await this.queries.one(postId, actor) };
  }

  @ApiRoute(routes.editPost)
  async edit(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }, @Input('body') { body }: EditPostBody) {
    const post = await this.writable(actor, id);
    authorize(actor, 'post.edit', { isAuthor: post.authorId === userIdOf(actor) });
    await this.commands.execute(new EditPostCommand({ postId: id, body }, commandMetadata(userIdOf(actor))));
    await this.live.raisedBy([id]);
    return { post: await this.queries.one(id, actor) };
  }

  @ApiRoute(routes.deletePost)
  async delete(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }) {
    const post = await this.writable(actor, id);
    authorize(actor, 'post.delete', { isAuthor: post.authorId === userIdOf(actor) });
    await this.commands.execute(new DeletePostCommand({ postId: id, byModerator: false }, commandMetadata(userIdOf(actor))));
  }

  /** The post, once the asker may read where it is (403 before anything else about a private project's post). */
  private async writable(actor: Actor, postId: number): Promise<PostFacts> {
    const post = await this.queries.facts(postId);
    await this.places.read(actor, placeOf(post));
    return post;
  }
}
