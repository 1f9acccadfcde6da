/**
 * One statement at a time into embedded ClickHouse, reads before writes.
 *
 * chDB runs one statement at a time, but every statement sent waits for its turn on a thread of
 * libuv's pool (four threads by default), which the product's file reads, static files,
 * compression and password hashing share, so a few queued statements stall them. Waiting here instead costs no thread, and lets the order be chosen:
 * a chart's query goes before the writes of an upload queued beside it, and a write waits at most
 * `writeWaitMaxMs` behind reads that keep coming.
 */
export type EngineCallKind = 'read' | 'write';

export class EngineTurns {
  private busy = false;
  private readonly reads: Array<() => void> = [];
  private readonly writes: Array<{ go: () => void; since: number }> = [];

  constructor(
    private readonly writeWaitMaxMs = 1_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Runs `call` when its turn comes; the next turn starts once it has settled. */
  async run<T>(kind: EngineCallKind, call: () => Promise<T>): Promise<T> {
    await this.take(kind);
    try {
      return await call();
    } finally {
      this.next();
    }
  }

  /** How many calls wait for their turn (not counting the one running). */
  get waiting(): number {
    return this.reads.length + this.writes.length;
  }

  private take(kind: EngineCallKind): Promise<void> {
    if (!this.busy) {
      this.busy = true;
      return Promise.resolve();
    }
    return new Promise<void>((go) => {
      if (kind === 'read') this.reads.push(go);
      else this.writes.push({ go, since: this.now() });
    });
  }

  private next(): void {
    const oldWrite = this.writes[0];
    const go =
      oldWrite && (this.reads.length === 0 || this.now() - oldWrite.since >= this.writeWaitMaxMs)
        ? this.writes.shift()!.go
        : this.reads.shift();
    if (go) go();
    else this.busy = false;
  }
}

const READ_STATEMENT = /^(?:\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)*(?:SELECT|WITH|SHOW|DESCRIBE|DESC|EXISTS|EXPLAIN)\b/i;

/** A client call's kind: inserts and commands write; a query or exec reads when its SQL is a SELECT (or alike). */
export function engineCallKind(method: PropertyKey, args: readonly unknown[]): EngineCallKind {
  if (method !== 'query' && method !== 'exec') return 'write';
  const params = args[0] as { query?: unknown } | undefined;
  return typeof params?.query === 'string' && READ_STATEMENT.test(params.query) ? 'read' : 'write';
}
