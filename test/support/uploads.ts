import http from 'node:http';
import { untilProcessed, type UploadState } from '../../libs/contracts/src/index.js';
import { UploadStates } from '../../apps/api/src/ingestion/queries/upload-states.js';
import type { TestApp } from './test-app.js';

/**
 * Waits until the uploads are processed (uploads are answered once stored; the process manager
 * processes them from the log), through the one waiting helper, `untilProcessed`, reading the
 * states as GET /data/ingestions/{id} does. `after`: versions before a reprocessing. Fails the test
 * when they are not processed within `timeoutMs`.
 */
export const processed = async (
  sut: Pick<TestApp, 'app'>,
  ids: readonly number[],
  options: { after?: ReadonlyMap<number, number>; timeoutMs?: number } = {},
): Promise<UploadState[]> => {
  const states = sut.app.get(UploadStates);
  const result = await untilProcessed((id) => states.of(id), ids, { timeoutMs: options.timeoutMs ?? 60_000, ...options });
  if (!result.done) throw new Error(`uploads not processed in time: ${JSON.stringify(result.states)}`);
  return result.states;
};

/** A reprocessing as its 202 answer accepted it: the upload, and the processings recorded before. */
type Accepted = { readonly id: number; readonly after: number };

/**
 * Waits for the reprocessings a POST …/process answer accepted (`{ id, state, after }`, or
 * `{ ingestions: [...] }` for a station): their states once each is processed past `after`.
 */
export const reprocessed = async (
  sut: Pick<TestApp, 'app'>,
  reply: { readonly body: Record<string, unknown> | null },
): Promise<UploadState[]> => {
  const accepted = (reply.body?.['ingestions'] as Accepted[] | undefined) ?? [reply.body as unknown as Accepted];
  return processed(
    sut,
    accepted.map((a) => a.id),
    { after: new Map(accepted.map((a) => [a.id, a.after])) },
  );
};

/** A reply's status and JSON body (null when empty), for routes answered with fetch. */
export type JsonReply = { status: number; body: Record<string, unknown> | null };

export const jsonReply = async (res: Response): Promise<JsonReply> => {
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
};

/** How many rows of `readings` match `where`, after merging versions (FINAL) unless `final` is false. */
export const countReadings = async (sut: TestApp, where: string, final = true): Promise<number> => {
  const rows = await sut.runtime.clickhouse.client.query({
    query: `SELECT count() AS n FROM readings ${final ? 'FINAL' : ''} WHERE ${where}`,
    format: 'JSONEachRow',
  });
  return Number((await rows.json<{ n: string }>())[0]!.n);
};

/** How many readings an aggregate table (readings_10m, readings_1d, …) has counted for a station. */
export const countAggregated = async (sut: TestApp, table: string, stationId: number): Promise<number> => {
  const rows = await sut.runtime.clickhouse.client.query({
    query: `SELECT sum(value_count) AS n FROM ${table} WHERE station_id = ${stationId}`,
    format: 'JSONEachRow',
  });
  return Number((await rows.json<{ n: string }>())[0]!.n);
};

/**
 * POSTs `headers` announcing a body of `contentLength` bytes and sends only `first`: an answer can only
 * come from a refusal (401, 403, 413) made before the body is read. Resolves with its status; rejects
 * when nothing answers within five seconds (the server waited for the body).
 */
export const statusBeforeBody = (
  address: string,
  headers: Record<string, string>,
  contentLength: number,
  first: string | Uint8Array,
): Promise<number> =>
  new Promise<number>((resolve, reject) => {
    // On timeout the request goes too, so the server holds no half-sent upload open (a closing app would wait for it).
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error('no answer: the server waited for the body'));
    }, 5000);
    const url = new URL(address);
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent: false,
        headers: { connection: 'close', ...headers, 'content-length': String(contentLength) },
      },
      (res) => {
        res.resume();
        clearTimeout(timer);
        resolve(res.statusCode ?? 0);
        req.destroy();
      },
    );
    // The server may close the connection while the rest of the body is still announced.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET') return;
      clearTimeout(timer);
      reject(error);
    });
    req.write(first);
  });

/** An upload's reply, and (when it was accepted with an id) its state once processed. */
export type ProcessedReply = JsonReply & { processed: UploadState | null };

export const afterProcessing = async (sut: Pick<TestApp, 'app'>, reply: JsonReply): Promise<ProcessedReply> => {
  const id = reply.body?.['id'];
  const accepted = reply.status === 200 && typeof id === 'number';
  return { ...reply, processed: accepted ? (await processed(sut, [id]))[0]! : null };
};
