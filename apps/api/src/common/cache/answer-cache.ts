/**
 * Answers kept in memory (charts, maps), least recently used first out, bounded by the rows they
 * hold (an answer counts one more than its rows, so empty ones count too). An entry carries the
 * version of what it was read from (the readings version of its stations, ReadingsVersions.of; for
 * maps also the read models'), taken before the query ran, and is used only while that version is
 * still current: a write during the query leaves an entry that no one will use.
 */
export class AnswerCache<T> {
  private readonly entries = new Map<string, { version: string; value: T; rows: number }>();
  private rows = 0;

  /** `maxRows` 0: nothing is kept. An answer over a tenth of it is not kept either. */
  constructor(private readonly maxRows: number) {}

  get enabled(): boolean {
    return this.maxRows > 0;
  }

  get size(): { entries: number; rows: number } {
    return { entries: this.entries.size, rows: this.rows };
  }

  get(key: string, version: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.version !== version) {
      this.rows -= entry.rows;
      return undefined;
    }
    this.entries.set(key, entry); // now the most recently used
    return entry.value;
  }

  set(key: string, version: string, value: T, dataRows: number): void {
    const rows = dataRows + 1;
    if (!this.enabled || rows > this.maxRows / 10) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.rows -= old.rows;
    }
    this.entries.set(key, { version, value, rows });
    this.rows += rows;
    for (const [oldest, entry] of this.entries) {
      if (this.rows <= this.maxRows) break;
      this.entries.delete(oldest);
      this.rows -= entry.rows;
    }
  }
}
