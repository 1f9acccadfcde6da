import { Inject } from '@nestjs/common';
import {
  WebSocketGateway,
  WebSocketServer,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
} from '@nestjs/websockets';
import { authorize, DomainError } from '@groundtruth/domain';
import { LOGGER, type Logger } from '@groundtruth/platform';
import { TokenActors } from '../../accounts/index.js';
import { LiveNotifications, type NotificationsNamespace, type NotificationSocket } from './live-notifications.js';

/** A socket that has not signed in within this time is closed. */
const AUTH_WITHIN_MS = 10_000;

/**
 * WebSocket `/notifications` (spec §7): the client's first message is `auth` with its access
 * token; then, on every (re)connect, `missed` with the last id it holds. After that the server
 * sends each new notification as `notification`. Several API processes share one database and
 * reach each other's sockets through socket.io's Postgres adapter (set up in bootstrap).
 */
@WebSocketGateway({ namespace: '/notifications', serveClient: false })
export class NotificationsGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect {
  @WebSocketServer() private readonly nsp!: NotificationsNamespace;

  constructor(
    private readonly live: LiveNotifications,
    private readonly tokens: TokenActors,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  afterInit(nsp: NotificationsNamespace): void {
    this.live.attach(nsp ?? this.nsp);
  }

  handleConnection(socket: NotificationSocket): void {
    socket.data = { userId: null, lastSent: 0, liveFrom: 0, turn: Promise.resolve() };
    const timer = setTimeout(() => {
      if (socket.data.userId === null) socket.disconnect(true);
    }, AUTH_WITHIN_MS);
    timer.unref();
    socket.on('auth', (token, ack) => {
      const answer = typeof ack === 'function' ? ack : () => undefined;
      if (socket.data.userId !== null) return answer({ ok: true, userId: socket.data.userId });
      if (typeof token !== 'string' || token.length === 0 || token.length > 4_096)
        return answer({ ok: false, code: 'AUTH.REQUIRED' });
      void this.tokens.resolve(token).then(
        async ({ actor }) => {
          authorize(actor, 'notifications.read', {});
          await this.live.signedIn(socket, actor.userId);
          answer({ ok: true, userId: actor.userId });
        },
        (error: unknown) => {
          answer({ ok: false, code: error instanceof DomainError ? error.code : 'AUTH.INVALID' });
          socket.disconnect(true);
        },
      );
    });
    socket.on('missed', (sinceId, ack) => {
      if (typeof ack !== 'function') return;
      if (socket.data.userId === null) {
        socket.emit('error', { code: 'AUTH.REQUIRED', message: 'Send auth with your token first.' });
        return ack([]);
      }
      const since = typeof sinceId === 'number' && Number.isSafeInteger(sinceId) && sinceId >= 0 ? sinceId : 0;
      this.live.missed(socket, since).then(ack, (error: unknown) => {
        this.log.warn({ err: error }, 'missed notifications could not be read');
        ack([]);
      });
    });
  }

  handleDisconnect(socket: NotificationSocket): void {
    this.live.left(socket);
  }
}
