import {
  type CommandMetadata,
  type IssueLorawanWebhookToken,
  type LorawanWebhookCommand,
  lorawanWebhookDecider,
  type LorawanWebhookEvent,
  type LorawanWebhookState,
  lorawanWebhookStream,
} from '@groundtruth/domain';
import { DeciderCommand } from '../../../../common/cqrs/decider-command.js';

/** Replaces a project's LoRaWAN webhook token (the old one stops working). */
export class IssueLorawanWebhookTokenCommand extends DeciderCommand<
  LorawanWebhookState,
  LorawanWebhookCommand,
  LorawanWebhookEvent
> {
  constructor(input: IssueLorawanWebhookToken['data'], meta: CommandMetadata) {
    super(lorawanWebhookDecider, lorawanWebhookStream(input.projectId), { type: 'IssueLorawanWebhookToken', data: input }, meta);
  }
}
