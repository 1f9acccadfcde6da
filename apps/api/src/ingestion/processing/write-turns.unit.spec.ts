import { WriteTurns } from './write-turns.js';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('WriteTurns', () => {
  it('gives one turn at a time, to the writers in the order they asked', async () => {
    const turns = new WriteTurns();
    const order: string[] = [];
    const writer = async (name: string, steps: number) => {
      const end = await turns.take();
      try {
        for (let i = 0; i < steps; i++) {
          order.push(`${name}${i}`);
          await tick();
        }
      } finally {
        end();
      }
    };
    await Promise.all([writer('a', 3), writer('b', 2), writer('c', 2)]);
    // Control: without turns the three would interleave (a0 b0 c0 a1 …).
    expect(order).toEqual(['a0', 'a1', 'a2', 'b0', 'b1', 'c0', 'c1']);
  });

  it('passes the turn on when it ends, even after a failure, and ending twice frees nobody else', async () => {
    const turns = new WriteTurns();
    const first = await turns.take();
    let secondGot = false;
    const second = turns.take().then((end) => {
      secondGot = true;
      return end;
    });
    let thirdGot = false;
    const third = turns.take().then((end) => {
      thirdGot = true;
      return end;
    });
    await tick();
    expect([secondGot, thirdGot, turns.queued]).toEqual([false, false, 2]);
    first();
    first();
    await tick();
    expect([secondGot, thirdGot]).toEqual([true, false]);
    (await second)();
    await tick();
    expect(thirdGot).toBe(true);
    (await third)();
    // Free again: a new writer goes at once.
    const again = await turns.take();
    again();
  });
});
