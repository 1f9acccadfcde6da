import { EngineTurns, engineCallKind } from './engine-turns.js';

/** A call that settles when the test says so, noting when it started. */
function held(log: string[], name: string) {
  let settle!: () => void;
  const done = new Promise<void>((resolve) => (settle = resolve));
  return {
    call: () => {
      log.push(`start ${name}`);
      return done.then(() => name);
    },
    settle,
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('EngineTurns', () => {
  it('runs one call at a time, and reads waiting go before writes waiting', async () => {
    const log: string[] = [];
    const turns = new EngineTurns();
    const first = held(log, 'write 1');
    const second = held(log, 'write 2');
    const read = held(log, 'read');
    const runs = [turns.run('write', first.call), turns.run('write', second.call), turns.run('read', read.call)];
    await tick();
    expect(log).toEqual(['start write 1']);
    expect(turns.waiting).toBe(2);
    first.settle();
    await tick();
    expect(log).toEqual(['start write 1', 'start read']);
    read.settle();
    await tick();
    expect(log).toEqual(['start write 1', 'start read', 'start write 2']);
    second.settle();
    expect(await Promise.all(runs)).toEqual(['write 1', 'write 2', 'read']);
  });

  it('gives whole calls of several steps one at a time, to the writers in the order they asked', async () => {
    const turns = new EngineTurns();
    const order: string[] = [];
    const writer = (name: string, steps: number) =>
      turns.run('write', async () => {
        for (let i = 0; i < steps; i++) {
          order.push(`${name}${i}`);
          await tick();
        }
      });
    await Promise.all([writer('a', 3), writer('b', 2), writer('c', 2)]);
    // Control: without turns the three would interleave (a0 b0 c0 a1 …).
    expect(order).toEqual(['a0', 'a1', 'a2', 'b0', 'b1', 'c0', 'c1']);
  });

  it('lets a write that has waited too long go before the reads', async () => {
    const log: string[] = [];
    let now = 0;
    const turns = new EngineTurns(1_000, () => now);
    const running = held(log, 'read 1');
    const write = held(log, 'write');
    const later = held(log, 'read 2');
    const runs = [turns.run('read', running.call), turns.run('write', write.call), turns.run('read', later.call)];
    await tick();
    now = 1_000;
    running.settle();
    await tick();
    expect(log).toEqual(['start read 1', 'start write']);
    write.settle();
    later.settle();
    await Promise.all(runs);
    expect(log).toEqual(['start read 1', 'start write', 'start read 2']);
  });

  it('passes the turn on after a failure, and the failure reaches its caller', async () => {
    const turns = new EngineTurns();
    const failing = turns.run('write', () => Promise.reject(new Error('engine said no')));
    const next = turns.run('read', () => Promise.resolve('answered'));
    await expect(failing).rejects.toThrow('engine said no');
    await expect(next).resolves.toBe('answered');
    expect(turns.waiting).toBe(0);
  });
});

describe('engineCallKind', () => {
  it.each([
    ['query', 'SELECT 1', 'read'],
    ['exec', '  -- a chart\n WITH w AS (SELECT 1) SELECT * FROM w', 'read'],
    ['query', '/* note */ show tables', 'read'],
    ['exec', 'INSERT INTO readings SELECT * FROM file(x)', 'write'],
    ['query', 'ALTER TABLE readings DELETE WHERE 1', 'write'],
    ['command', 'SELECT 1', 'write'],
    ['insert', undefined, 'write'],
  ])('%s %j is a %s', (method, query, kind) => {
    expect(engineCallKind(method, [{ query }])).toBe(kind);
  });
});
