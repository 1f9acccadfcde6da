import { Test, type TestingModule } from '@nestjs/testing';
import { Command, CommandBus, CqrsModule } from '@nestjs/cqrs';
import { DomainError, type CommandMetadata, type Decider } from '@groundtruth/domain';
import {
  EVENT_STORE,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type RecordedEvent,
} from '@groundtruth/platform';
import { AggregateStreams, type CommandOutcome } from './aggregate-streams.js';
import { DeciderCommand, DeciderCommandHandler } from './decider-command.js';

type Added = { type: 'Added'; data: { amount: number } };
type Add = { type: 'Add'; data: { amount: number } };

/** A counter that refuses to go past 10: enough of a decider to show what the handler does with one. */
const counter: Decider<number, Add, Added> = {
  initialState: 0,
  evolve: (total, event) => (event.type === 'Added' ? total + event.data.amount : total),
  decide: (command, total) => {
    if (total + command.data.amount > 10) throw new DomainError('conflict', 'COUNTER.FULL', 'Full.');
    return [{ type: 'Added', data: { amount: command.data.amount } }];
  },
};

const meta: CommandMetadata = { correlationId: 'c', causationId: 'c', userId: null, now: '2026-01-01T00:00:00.000Z' };

class AddToCounter extends DeciderCommand<number, Add, Added> {
  constructor(amount: number, retries = 0) {
    super(counter, 'counter-1', { type: 'Add', data: { amount } }, meta, { retries });
  }
}

/** A command of its own class, not a DeciderCommand: the generic handler must not take it. */
class Unrelated extends Command<CommandOutcome> {}

/** The two calls decideAndAppend makes, over one stream in memory; `racers` appends slip in before ours. */
class OneStream {
  readonly events: RecordedEvent[] = [];
  readonly expectations: ExpectedRevision[] = [];
  racers = 0;

  readStream(): Promise<RecordedEvent[]> {
    return Promise.resolve([...this.events]);
  }

  append(streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    this.expectations.push(expected);
    if (this.racers > 0) {
      this.racers -= 1;
      this.push(streamId, { type: 'Added', data: { amount: 1 }, metadata: events[0]!.metadata });
      throw new WrongExpectedRevisionError(streamId, expected, BigInt(this.events.length - 1));
    }
    for (const e of events) this.push(streamId, e);
    return Promise.resolve({ position: this.events[this.events.length - 1]!.position } as AppendResult);
  }

  private push(streamId: string, e: EventToAppend): void {
    const revision = BigInt(this.events.length);
    this.events.push({ ...e, streamId, revision, position: { commit: revision, prepare: revision } } as unknown as RecordedEvent);
  }
}

describe('DeciderCommandHandler', () => {
  let moduleRef: TestingModule;
  let store: OneStream;
  let sut: CommandBus;

  beforeEach(async () => {
    store = new OneStream();
    moduleRef = await Test.createTestingModule({
      imports: [CqrsModule.forRoot()],
      providers: [AggregateStreams, DeciderCommandHandler, { provide: EVENT_STORE, useValue: store as unknown as EventStore }],
    }).compile();
    await moduleRef.init();
    sut = moduleRef.get(CommandBus);
  });

  afterEach(() => moduleRef.close());

  it('does decide a use case subclass on its stream and append at the revision it read', async () => {
    await sut.execute(new AddToCounter(3));
    const outcome = await sut.execute(new AddToCounter(4));
    expect(outcome.events).toEqual([{ type: 'Added', data: { amount: 4 } }]);
    expect(outcome.streamId).toBe('counter-1');
    expect(store.expectations).toEqual(['no_stream', 0n]);
    expect(store.events.map((e) => (e.data as { amount: number }).amount)).toEqual([3, 4]);
  });

  it('does throw the domain error and append nothing when the decider refuses', async () => {
    await sut.execute(new AddToCounter(9));
    await expect(sut.execute(new AddToCounter(2))).rejects.toMatchObject({ code: 'COUNTER.FULL' });
    expect(store.events).toHaveLength(1);
  });

  it('does answer STREAM.CONFLICT when someone appended in between and the command takes no retry', async () => {
    store.racers = 1;
    await expect(sut.execute(new AddToCounter(2))).rejects.toMatchObject({ kind: 'conflict', code: 'STREAM.CONFLICT' });
  });

  it('does decide again on the newer state when the command takes retries', async () => {
    store.racers = 2;
    const outcome = await sut.execute(new AddToCounter(2, 2));
    expect(outcome.position).not.toBeNull();
    // Two racers' events, then ours, appended after the second racer's revision.
    expect(store.expectations).toEqual(['no_stream', 0n, 1n]);
    expect(store.events).toHaveLength(3);
  });

  it('does not take a command that is not a DeciderCommand (no catch-all)', () => {
    expect(() => sut.execute(new Unrelated())).toThrow(/No handler found/);
  });
});
