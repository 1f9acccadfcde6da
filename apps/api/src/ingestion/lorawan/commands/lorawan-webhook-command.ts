import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  lorawanWebhookDecider,
  lorawanWebhookStream,
  type CommandMetadata,
  type LorawanWebhookCommand,
} from '@groundtruth/domain';
import { AggregateStreams, type CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

/**
 * A change of a project's LoRaWAN webhook (configure, rotate the token, remove): one decision on
 * its stream. Who may ask is checked by the caller (policy `project.configureWebhooks`).
 */
export class LorawanWebhookCommandMessage extends Command<CommandOutcome> {
  constructor(
    readonly command: LorawanWebhookCommand,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(LorawanWebhookCommandMessage)
export class LorawanWebhookCommandHandler implements ICommandHandler<LorawanWebhookCommandMessage> {
  constructor(private readonly streams: AggregateStreams) {}

  execute({ command, meta }: LorawanWebhookCommandMessage) {
    return this.streams.decide(lorawanWebhookDecider, lorawanWebhookStream(command.data.projectId), command, meta);
  }
}
