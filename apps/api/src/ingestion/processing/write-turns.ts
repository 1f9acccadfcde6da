/**
 * Large writes to embedded ClickHouse take turns, whole write by whole write, in the order they ask.
 *
 * chDB runs one statement at a time. Two station uploads written at once interleave their
 * statements, so both end at about the same moment; their next uploads are then received and
 * decoded at the same moment too, and the engine stands idle meanwhile (measured: a third of a
 * second after every pair of station-year uploads, about an eighth of the load's time). Taking
 * turns, one upload's writes end while the other's go on, and the next upload is decoded while the
 * engine works on the other's. Queries (charts) are not concerned: a write still lets what was
 * sent meanwhile go before each next statement.
 *
 * Small writes (an uplink, a few hours of records) do not wait for a turn: behind a station-year
 * they would wait seconds for what takes milliseconds.
 */
export class WriteTurns {
  private busy = false;
  private readonly waiting: (() => void)[] = [];

  /** Resolves once it is the caller's turn, with the function that ends it (call it exactly once). */
  async take(): Promise<() => void> {
    if (this.busy) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.busy = true;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const next = this.waiting.shift();
      // The turn passes straight to the next in line: nobody can slip in between.
      if (next) next();
      else this.busy = false;
    };
  }

  /** How many writers wait for a turn. */
  get queued(): number {
    return this.waiting.length;
  }
}
