import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger, PgPool } from '@groundtruth/platform';

/** What GET /health answers: 200 while Postgres (checkpoints, the log's Postgres adapter) answers, else 503. */
export type ProjectorHealth = { readonly healthy: boolean; readonly postgres: boolean };

/**
 * The server-mode projector's one HTTP route, for an orchestrator's liveness check: GET /health.
 * Everything else is a 404: the projector serves no API.
 */
export const serveHealth = async (
  pool: Pick<PgPool, 'query'>,
  port: number,
  log: Logger,
): Promise<{ readonly port: number; close(): Promise<void> }> => {
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/health') {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ code: 'ROUTE.NOT_FOUND' }));
      return;
    }
    void pool
      .query('SELECT 1')
      .then(
        () => true,
        () => false,
      )
      .then((postgres) => {
        const health: ProjectorHealth = { healthy: postgres, postgres };
        res.writeHead(postgres ? 200 : 503, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
        res.end(JSON.stringify(health));
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '0.0.0.0', () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  log.info({ port: bound }, 'projector health at GET /health');
  return {
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A checker's kept-alive connection must not hold the shutdown.
        server.closeAllConnections();
      }),
  };
};
