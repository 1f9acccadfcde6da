import type pg from 'pg';

/**
 * Numeric ids for new streams (the spec's routes use numbers), taken from a Postgres sequence
 * per category before the first event, whichever event store holds the events.
 */
export class IdAllocator {
  private readonly ready = new Set<string>();

  constructor(private readonly pool: pg.Pool) {}

  async next(category: string): Promise<number> {
    const sequence = await this.sequence(category);
    const r = await this.pool.query<{ id: string }>(`SELECT nextval('${sequence}') AS id`);
    return Number(r.rows[0]!.id);
  }

  /**
   * Takes a chosen id (a fixed id the product knows, such as flood mode's project 174): `next`
   * never answers it or anything below it afterwards. False when the sequence was already past it.
   */
  async take(category: string, id: number): Promise<boolean> {
    const sequence = await this.sequence(category);
    const r = await this.pool.query<{ last: string; called: boolean }>(
      `SELECT last_value AS last, is_called AS called FROM ${sequence}`,
    );
    const row = r.rows[0]!;
    if (row.called && Number(row.last) >= id) return false;
    await this.pool.query(`SELECT setval('${sequence}', $1)`, [id]);
    return true;
  }

  private async sequence(category: string): Promise<string> {
    if (!/^[a-z_]+$/.test(category)) throw new Error(`Bad id category: ${category}`);
    const sequence = `gt_ids_${category}`;
    if (!this.ready.has(sequence)) {
      await this.pool.query(`CREATE SEQUENCE IF NOT EXISTS ${sequence}`).catch((error: { code?: string }) => {
        // Two processes creating it at once: the loser's duplicate error is harmless.
        if (error.code !== '23505' && error.code !== '42P07') throw error;
      });
      this.ready.add(sequence);
    }
    return sequence;
  }
}
