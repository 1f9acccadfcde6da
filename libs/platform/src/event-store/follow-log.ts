import type { LogPosition, ReadAllOptions, RecordedEvent } from './event-store.port.js';

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * Turns a paged `readAll` into an endless subscription: pages as fast as it can while behind,
 * then polls. Poll-based on purpose: it needs no server-side push, and a Postgres reader must
 * re-ask anyway when an older transaction finally commits.
 */
export async function* followLog(
  readAll: (o: ReadAllOptions) => Promise<RecordedEvent[]>,
  from: LogPosition | null,
  signal: AbortSignal,
  options: { pageSize?: number; idleMs?: number } = {},
): AsyncIterable<RecordedEvent> {
  const pageSize = options.pageSize ?? 1000;
  let after = from;
  while (!signal.aborted) {
    const page = await readAll({ after, limit: pageSize });
    for (const event of page) {
      if (signal.aborted) return;
      yield event;
      after = event.position;
    }
    if (page.length < pageSize) await sleep(options.idleMs ?? 50, signal);
  }
}
