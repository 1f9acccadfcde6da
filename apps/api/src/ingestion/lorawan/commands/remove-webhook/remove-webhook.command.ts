import {
  type CommandMetadata,
  type LorawanWebhookCommand,
  lorawanWebhookDecider,
  type LorawanWebhookEvent,
  type LorawanWebhookState,
  lorawanWebhookStream,
  type RemoveLorawanWebhook,
} from '@groundtruth/domain';
import { DeciderCommand } from '../../../../common/cqrs/decider-command.js';

/** Removes a project's LoRaWAN webhook. */
export class RemoveLorawanWebhookCommand extends DeciderCommand<LorawanWebhookState, LorawanWebhookCommand, LorawanWebhookEvent> {
  constructor(input: RemoveLorawanWebhook['data'], meta: CommandMetadata) {
    super(lorawanWebhookDecider, lorawanWebhookStream(input.projectId), { type: 'RemoveLorawanWebhook', data: input }, meta);
  }
}
