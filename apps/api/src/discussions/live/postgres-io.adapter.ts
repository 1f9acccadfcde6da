import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { PgPool } from '@groundtruth/platform';
import type { Server, ServerOptions } from 'socket.io';

/**
 * The adapter keeps one pooled client for LISTEN and reconnects when it ends, but attaches no 'error'
 * listener to it: a terminated backend (a Postgres restart, a failover) would then be an unhandled
 * 'error' event that ends the whole API process, and the dead client would stay checked out so the
 * pool could never end. Every client it takes gets a listener that hands it back as broken; the
 * client's 'end' that follows is what the adapter reconnects on.
 */
export const listenerSafe = (pool: PgPool): PgPool =>
  new Proxy(pool, {
    get(target, key, receiver) {
      if (key !== 'connect') {
        // Bound to the pool itself: its own methods (query calls connect with a callback) must not see the wrapper.
        const value = Reflect.get(target, key, receiver) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      }
      return async () => {
        const client = await target.connect();
        // A dead client goes back to the pool as broken (the pool drops it and can end); its 'end' follows.
        client.once('error', (error: Error) => {
          try {
            client.release(error);
          } catch {
            // already released by the adapter's close
          }
        });
        client.on('error', () => undefined);
        return client;
      };
    },
  });

/**
 * socket.io over the HTTP server, with the Postgres adapter: API processes on one database pass
 * each other's messages with LISTEN/NOTIFY (no other server). Its attachments table is made by
 * migration 016, never here, so processes starting together do not race to create it.
 */
export class PostgresIoAdapter extends IoAdapter {
  constructor(
    app: INestApplicationContext,
    private readonly pool: PgPool,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, { ...options, serveClient: false, cors: undefined } as ServerOptions) as Server;
    server.adapter(createAdapter(listenerSafe(this.pool), { errorHandler: () => undefined }));
    return server;
  }
}
