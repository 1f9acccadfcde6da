import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Command as DomainCommand, CommandMetadata, Decider, DomainEvent } from '@groundtruth/domain';
import { AggregateStreams, type CommandOutcome, type DecideOptions } from './aggregate-streams.js';

/**
 * A use case that is one decision on one stream: it names its decider, its stream, the domain
 * command and how a concurrent change is met (Emmett's `handleCommandWithDecider`). Each use case
 * subclasses it in its own `commands/<use-case>/` folder; the one DeciderCommandHandler below
 * handles them all (Nest finds a handler by the command's class, inherited by subclasses). Use
 * cases that do more around the decision (ids, hashing, mail, media, erasure) keep their own handler.
 */
export class DeciderCommand<S, C extends DomainCommand, E extends DomainEvent> extends Command<CommandOutcome> {
  constructor(
    readonly decider: Decider<S, C, E>,
    readonly streamId: string,
    readonly command: C,
    readonly meta: CommandMetadata,
    readonly options: DecideOptions = {},
  ) {
    super();
  }
}

/** Reads the stream, folds `evolve`, decides, appends at the revision read (retry or 409 as the command says). */
@CommandHandler(DeciderCommand)
export class DeciderCommandHandler implements ICommandHandler<DeciderCommand<unknown, DomainCommand, DomainEvent>> {
  constructor(private readonly streams: AggregateStreams) {}

  execute<S, C extends DomainCommand, E extends DomainEvent>({
    decider,
    streamId,
    command,
    meta,
    options,
  }: DeciderCommand<S, C, E>): Promise<CommandOutcome> {
    return this.streams.decide(decider, streamId, command, meta, options);
  }
}
