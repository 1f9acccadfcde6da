import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { untilProcessedOverHttp, type UploadState } from '../../libs/contracts/src/index.js';

const processed: UploadState = {
  id: 7,
  stationId: 3,
  type: 'data',
  state: 'processed',
  version: 1,
  records: 1,
  readings: 2,
  errors: 0,
  problems: [],
  start: null,
  end: null,
  attempts: 0,
  waitingFor: null,
};

/** A server answering GET of an upload's state: 404 for its first `missing` asks, then processed. */
const serve = async (missing: number) => {
  let asked = 0;
  const server = http.createServer((req, res) => {
    asked += 1;
    if (asked <= missing) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'INGESTION.NOT_FOUND', message: 'There is no such upload.' }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(processed));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, asked: () => asked, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

describe('untilProcessedOverHttp', () => {
  it('takes a 404 for an upload answered stored as not taken in yet, and waits for it', async () => {
    const server = await serve(3);
    try {
      const result = await untilProcessedOverHttp(server.origin, 't', [7], { timeoutMs: 5_000, pollMs: 10 });
      expect(result).toEqual({ done: true, states: [processed] });
      expect(server.asked()).toBe(4);
    } finally {
      await server.close();
    }
  });

  it('still fails on a 404 that lasts past its time', async () => {
    // Control: an upload that never appears is not waited for forever.
    const server = await serve(Number.MAX_SAFE_INTEGER);
    try {
      await expect(untilProcessedOverHttp(server.origin, 't', [7], { timeoutMs: 200, pollMs: 10 })).rejects.toThrow(
        'GET upload 7: 404',
      );
    } finally {
      await server.close();
    }
  });
});
