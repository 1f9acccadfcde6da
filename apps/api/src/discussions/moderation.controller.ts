import { Controller } from '@nestjs/common';
import { authorize, type Actor } from '@groundtruth/domain';
import { routes, type ModerationRequest, type ReportBody } from '@groundtruth/contracts';
import { CurrentActor, userIdOf } from '../accounts/index.js';
import { commandMetadata } from '../common/cqrs/command-metadata.js';
import { CommandGateway } from '../common/cqrs/command-gateway.js';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
import { AcknowledgeReportCommand } from './commands/acknowledge-report/acknowledge-report.command.js';
import { CancelReportCommand } from './commands/cancel-report/cancel-report.command.js';
import { ReportPostCommand } from './commands/report-post/report-post.command.js';
import { PostPlaces } from './post-places.js';
import { DataEventsQueries } from './queries/data-events.queries.js';
import { DiscussionsQueries } from './queries/discussions.queries.js';
import { ModerationQueries } from './queries/moderation.queries.js';

/** Reports by readers, and the moderators' queue (spec §7 Moderation; the screen is the console's). */
@Controller()
export class ModerationController {
  constructor(
    private readonly commands: CommandGateway,
    private readonly queries: ModerationQueries,
    private readonly posts: DiscussionsQueries,
    private readonly events: DataEventsQueries,
    private readonly places: PostPlaces,
  ) {}

  /** One may report what one may read and did not write; a second report joins the open request. */
  @ApiRoute(routes.reportPost)
  async report(@CurrentActor() actor: Actor, @Input('body') { postId, postType }: ReportBody) {
    const userId = userIdOf(actor);
    if (postType === 'discussion_post') {
      const post = await this.posts.facts(postId);
      await this.places.read(
        actor,
        post.projectId !== null
          ? { projectId: post.projectId, bookmark: null }
          : { projectId: null, bookmark: post.bookmark ?? '' },
      );
      authorize(actor, 'post.report', { isAuthor: post.authorId === userId });
    } else {
      const event = await this.events.one(postId, actor);
      await this.places.read(
        actor,
        event.projectId !== null
          ? { projectId: event.projectId, bookmark: null }
          : { projectId: null, bookmark: event.bookmark ?? '' },
      );
      authorize(actor, 'post.report', { isAuthor: event.author.id === userId });
    }
    await this.commands.execute(new ReportPostCommand({ postId, postType }, commandMetadata(userId)));
  }

  @ApiRoute(routes.cancelReport)
  async cancel(@CurrentActor() actor: Actor, @Input('query') { postId, postType }: ReportBody) {
    const userId = userIdOf(actor);
    await this.commands.execute(new CancelReportCommand({ postId, postType }, commandMetadata(userId)));
  }

  @ApiRoute(routes.moderationRequests)
  async requests(@CurrentActor() actor: Actor, @Input('query') { page, pageSize }: { page: number; pageSize: number }) {
    authorize(actor, 'moderation.review', {});
    return this.queries.page(page, pageSize);
  }

  @ApiRoute(routes.moderationContent)
  async content(@CurrentActor() actor: Actor, @Input('params') { a, b }: { a: ReportBody['postType']; b: number }) {
    authorize(actor, 'moderation.review', {});
    return this.queries.content(a, b);
  }

  /** The second of two moderators gets 409 with what the first did; the request then shows it. */
  @ApiRoute(routes.acknowledgeReport)
  async acknowledge(
    @CurrentActor() actor: Actor,
    @Input('params') { id }: { id: number },
    @Input('query') { action }: { action: 'delete' | 'keep' },
  ): Promise<ModerationRequest> {
    authorize(actor, 'moderation.review', {});
    const request = await this.queries.request(id);
    await this.commands.execute(
      new AcknowledgeReportCommand(
        { requestId: id, postId: request.postId, postType: request.postType, action },
        commandMetadata(userIdOf(actor)),
      ),
    );
    return this.queries.request(id);
  }
}
