import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, ingestionDecider, ingestionStream } from '@groundtruth/domain';
import type { BulkResult } from '@groundtruth/contracts';
import { AggregateStreams, type CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';
import { ReprocessUploadsCommand } from './reprocess-uploads.command.js';

@CommandHandler(ReprocessUploadsCommand)
export class ReprocessUploadsHandler implements ICommandHandler<ReprocessUploadsCommand> {
  constructor(private readonly streams: AggregateStreams) {}

  async execute({ input, meta }: ReprocessUploadsCommand): Promise<CommandOutcome & BulkResult> {
    const results: BulkResult['results'] = [];
    const events: CommandOutcome['events'][number][] = [];
    let position: CommandOutcome['position'] = null;
    // In the order asked: the process manager takes a station's requests in log order.
    for (const ingestionId of input.ingestionIds) {
      try {
        const outcome = await this.streams.decide(
          ingestionDecider,
          ingestionStream(ingestionId),
          { type: 'RequestReprocessing', data: { ingestionId } },
          meta,
        );
        events.push(...outcome.events);
        position = outcome.position ?? position;
        results.push({ id: ingestionId, ok: true, code: null, message: null });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        results.push({ id: ingestionId, ok: false, code: error.code, message: error.message });
      }
    }
    // The gateway waits for the read side to pass the last of them, as for any command.
    return { events, position, results };
  }
}
