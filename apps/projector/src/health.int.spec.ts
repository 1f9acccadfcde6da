import { createLogger, type PgPool } from '@groundtruth/platform';
import { serveHealth } from './health.js';

const log = createLogger('silent');
const answering = { query: async () => ({ rows: [{ '?column?': 1 }] }) } as unknown as Pick<PgPool, 'query'>;
const failing = {
  query: async () => {
    throw new Error('connection refused');
  },
} as unknown as Pick<PgPool, 'query'>;

describe('the server-mode projector health answer', () => {
  it('answers GET /health 200 while Postgres answers, and 404 to anything else', async () => {
    const sut = await serveHealth(answering, 0, log);
    try {
      const ok = await fetch(`http://127.0.0.1:${sut.port}/health`);
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ healthy: true, postgres: true });
      // It serves no API: neither an API path nor another method on /health.
      expect((await fetch(`http://127.0.0.1:${sut.port}/api/status`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${sut.port}/health`, { method: 'POST' })).status).toBe(404);
    } finally {
      await sut.close();
    }
  });

  it('answers 503 when Postgres does not answer (control: the same route, a failing pool)', async () => {
    const sut = await serveHealth(failing, 0, log);
    try {
      const down = await fetch(`http://127.0.0.1:${sut.port}/health`);
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ healthy: false, postgres: false });
    } finally {
      await sut.close();
    }
  });
});
