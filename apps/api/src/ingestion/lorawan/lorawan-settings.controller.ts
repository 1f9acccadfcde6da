import { Controller, Inject } from '@nestjs/common';
import { authorize, LORAWAN_MODULE_KEY, SENSOR_DEFINITIONS, type Actor } from '@groundtruth/domain';
import {
  routes,
  type LorawanWebhookBody,
  type LorawanWebhookSaved,
  type LorawanWebhookSettings,
  type LorawanWebhookToken,
} from '@groundtruth/contracts';
import { APP_CONFIG, type AppConfig } from '@groundtruth/platform';
import { CurrentActor, userIdOf } from '../../accounts/index.js';
import { ApiRoute, Input } from '../../common/http/api-route.decorator.js';
import { commandMetadata } from '../../common/cqrs/command-metadata.js';
import { CommandGateway } from '../../common/cqrs/command-gateway.js';
import { ProjectsQueries } from '../../projects/index.js';
import { ConfigureLorawanWebhookCommand } from './commands/configure-webhook/configure-webhook.command.js';
import { IssueLorawanWebhookTokenCommand } from './commands/issue-webhook-token/issue-webhook-token.command.js';
import { RemoveLorawanWebhookCommand } from './commands/remove-webhook/remove-webhook.command.js';
import { LorawanWebhooksQueries } from './lorawan-webhooks.queries.js';
import { WebhookOwners } from './webhook-owners.js';
import { newWebhookToken, webhookTokenHash } from './webhook-tokens.js';

const FLOOD_SENSORS = SENSOR_DEFINITIONS.filter((s) => s.moduleKey === LORAWAN_MODULE_KEY).map((s) => s.fullKey);

/** A project's LoRaWAN webhook, for its administrators (policy `project.configureWebhooks`). */
@Controller()
export class LorawanSettingsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commands: CommandGateway,
    private readonly projects: ProjectsQueries,
    private readonly webhooks: LorawanWebhooksQueries,
    private readonly owners: WebhookOwners,
  ) {}

  @ApiRoute(routes.lorawanWebhook)
  async settings(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }): Promise<LorawanWebhookSettings> {
    await this.administered(actor, id);
    return this.settingsOf(id);
  }

  @ApiRoute(routes.configureLorawanWebhook)
  async configure(
    @CurrentActor() actor: Actor,
    @Input('params') { id }: { id: number },
    @Input('body') body: LorawanWebhookBody,
  ): Promise<LorawanWebhookSaved> {
    await this.administered(actor, id);
    // Issued only if the webhook has no token yet; otherwise this one is never shown nor kept.
    const token = newWebhookToken();
    const outcome = await this.commands.execute(
      new ConfigureLorawanWebhookCommand(
        { projectId: id, mapping: body.mapping, timePath: body.timePath || null, tokenHash: webhookTokenHash(token) },
        commandMetadata(userIdOf(actor)),
      ),
    );
    const issued = outcome.events.some((e) => e.type === 'LorawanWebhookTokenIssued');
    return { ...(await this.settingsOf(id)), token: issued ? token : null };
  }

  @ApiRoute(routes.rotateLorawanWebhookToken)
  async rotate(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }): Promise<LorawanWebhookToken> {
    await this.administered(actor, id);
    const token = newWebhookToken();
    await this.commands.execute(
      new IssueLorawanWebhookTokenCommand(
        { projectId: id, tokenHash: webhookTokenHash(token) },
        commandMetadata(userIdOf(actor)),
      ),
    );
    return { token };
  }

  @ApiRoute(routes.removeLorawanWebhook)
  async remove(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }): Promise<void> {
    await this.administered(actor, id);
    await this.commands.execute(new RemoveLorawanWebhookCommand({ projectId: id }, commandMetadata(userIdOf(actor))));
  }

  private async administered(actor: Actor, projectId: number): Promise<void> {
    const { access } = await this.projects.getWithAccess(projectId, actor);
    authorize(actor, 'project.configureWebhooks', access);
  }

  private async settingsOf(projectId: number): Promise<LorawanWebhookSettings> {
    const row = await this.webhooks.of(projectId);
    return {
      projectId,
      configured: row !== null,
      mapping: row ? row.mapping.map(({ path, sensor }) => ({ path, sensor })) : [],
      timePath: row?.timePath ?? null,
      tokenSet: row?.tokenHash != null,
      tokenIssuedAt: row?.tokenIssuedAt ?? null,
      ownerId: row?.ownerId ?? null,
      orphaned: row !== null && !(await this.owners.administers(row)),
      configuredAt: row?.configuredAt ?? null,
      url: `${this.config.publicUrl}/api/webhooks/lorawan/${projectId}`,
      sensors: FLOOD_SENSORS,
    };
  }
}
