import {
  type CommandMetadata,
  type ConfigureLorawanWebhook,
  type LorawanWebhookCommand,
  lorawanWebhookDecider,
  type LorawanWebhookEvent,
  type LorawanWebhookState,
  lorawanWebhookStream,
} from '@groundtruth/domain';
import { DeciderCommand } from '../../../../common/cqrs/decider-command.js';

/** Sets a project's LoRaWAN webhook (field mapping, time path, token). Who may is checked by the caller (`project.configureWebhooks`). */
export class ConfigureLorawanWebhookCommand extends DeciderCommand<
  LorawanWebhookState,
  LorawanWebhookCommand,
  LorawanWebhookEvent
> {
  constructor(input: ConfigureLorawanWebhook['data'], meta: CommandMetadata) {
    super(lorawanWebhookDecider, lorawanWebhookStream(input.projectId), { type: 'ConfigureLorawanWebhook', data: input }, meta);
  }
}
