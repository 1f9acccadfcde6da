import type { UploadState } from './ingestion.contract.js';
import { ingestionRoutes } from './ingestion.routes.js';

export type UntilProcessedOptions = {
  /** Give up after this long (the answer then says `done: false`). */
  readonly timeoutMs: number;
  /** Look again this often. */
  readonly pollMs?: number;
  /** Per upload, the version it had before: its processing counts only past it (reprocessing). Default 0. */
  readonly after?: ReadonlyMap<number, number>;
  /** Stops early (the caller is going away). */
  readonly signal?: AbortSignal;
};

const ended = (s: UploadState, after: number) => (s.state === 'processed' || s.state === 'failed') && s.version > after;

/**
 * The one way to wait for uploads to be processed (they are answered before: the process manager
 * does it from the log). `read` is how the caller sees an upload's state: GET /data/ingestions/{id}
 * over HTTP, or the API's own UploadStates. Answers the last states seen, and whether all ended.
 */
export const untilProcessed = async (
  read: (id: number) => Promise<UploadState>,
  ids: readonly number[],
  options: UntilProcessedOptions,
): Promise<{ done: boolean; states: UploadState[] }> => {
  const deadline = Date.now() + options.timeoutMs;
  const pollMs = options.pollMs ?? 50;
  const latest = new Map<number, UploadState>();
  let open = [...ids];
  for (;;) {
    const states = await Promise.all(open.map(read));
    for (const s of states) latest.set(s.id, s);
    open = states.filter((s) => !ended(s, options.after?.get(s.id) ?? 0)).map((s) => s.id);
    if (open.length === 0 || Date.now() >= deadline || options.signal?.aborted) break;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return { done: open.length === 0, states: ids.map((id) => latest.get(id)!) };
};

/**
 * `untilProcessed` over HTTP (the simulator, the demo seeder, the end-to-end tests): GET
 * /api/data/ingestions/{id} with the uploader's token. `origin` is the server's, e.g. http://localhost:8080.
 */
export const untilProcessedOverHttp = (
  origin: string,
  token: string,
  ids: readonly number[],
  options: UntilProcessedOptions,
): Promise<{ done: boolean; states: UploadState[] }> => {
  const deadline = Date.now() + options.timeoutMs;
  return untilProcessed(
    async (id) => {
      for (;;) {
        const res = await fetch(`${origin}/api${uploadStatePath(id)}`, { headers: { authorization: `Bearer ${token}` } });
        // The upload was answered stored, so it exists: a 404 is the uploads' read model not having
        // taken it in yet (a busy projector, past the read-your-writes wait). Look again.
        if (res.status === 404 && Date.now() < deadline && !options.signal?.aborted) {
          await res.body?.cancel();
          await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 50));
          continue;
        }
        if (!res.ok) throw new Error(`GET upload ${id}: ${res.status} ${await res.text()}`);
        return (await res.json()) as UploadState;
      }
    },
    ids,
    options,
  );
};

const uploadStatePath = (id: number): string => ingestionRoutes.uploadState.path.replace('{id}', String(id));
