import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { PgPool } from '@groundtruth/platform';
import type { Server, ServerOptions } from 'socket.io';

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
    server.adapter(createAdapter(this.pool, { errorHandler: () => undefined }));
    return server;
  }
}
