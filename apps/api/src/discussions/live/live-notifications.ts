import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Notification, NotificationClientEvents, NotificationServerEvents } from '@groundtruth/contracts';
import { APP_CONFIG, LOGGER, type AppConfig, type Logger } from '@groundtruth/platform';
import type { Namespace, Socket } from 'socket.io';
import { MISSED_BATCH, NotificationsQueries } from '../queries/notifications.queries.js';

/** Events between API processes, through socket.io's Postgres adapter. */
export type InterServerEvents = { wake: (userIds: number[]) => void };
export type SocketData = {
  userId: number | null;
  /** Notifications up to this id were sent live (from `liveFrom` on) or answered as missed. */
  lastSent: number;
  /** The newest id when the socket signed in: live delivery starts after it. */
  liveFrom: number;
  /** One delivery at a time per socket, so nothing is sent twice or out of order. */
  turn: Promise<void>;
};
export type NotificationsNamespace = Namespace<NotificationClientEvents, NotificationServerEvents, InterServerEvents, SocketData>;
export type NotificationSocket = Socket<NotificationClientEvents, NotificationServerEvents, InterServerEvents, SocketData>;

/**
 * Delivers notifications to the sockets this process holds. The notification table is the truth:
 * a wake (after a command here, from another process through the adapter, or from the sweep) makes
 * each of the person's sockets send what it has not sent yet, in id order, once.
 */
@Injectable()
export class LiveNotifications implements OnApplicationShutdown {
  private nsp: NotificationsNamespace | null = null;
  private readonly sockets = new Map<number, Set<NotificationSocket>>();
  private sweepTimer: NodeJS.Timeout | null = null;
  private swept = -1;

  constructor(
    private readonly queries: NotificationsQueries,
    @Inject(LOGGER) private readonly log: Logger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  attach(nsp: NotificationsNamespace): void {
    this.nsp = nsp;
    nsp.on('wake', (userIds: number[]) => this.wakeHere(userIds));
    // Wakes a process never got (a command answered 202, a process that died after its commit) are found here.
    this.sweepTimer = setInterval(() => void this.sweep(), this.config.notificationsSweepMs);
    this.sweepTimer.unref();
  }

  onApplicationShutdown(): void {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
  }

  /** After a command: wakes the people its posts notified, here and in every other API process. */
  async raisedBy(postIds: readonly number[]): Promise<void> {
    try {
      const userIds = await this.queries.recipientsOf(postIds);
      if (userIds.length === 0) return;
      this.wakeHere(userIds);
      this.nsp?.serverSideEmit('wake', userIds);
    } catch (error) {
      // The command is done; the sweep delivers what this wake could not.
      this.log.warn({ err: error }, 'notification wake failed');
    }
  }

  /** A socket signed in as `userId`: live delivery starts after the newest id it has now. */
  async signedIn(socket: NotificationSocket, userId: number): Promise<void> {
    const newest = (await this.queries.newestId(userId)) ?? 0;
    socket.data.userId = userId;
    socket.data.lastSent = newest;
    socket.data.liveFrom = newest;
    const set = this.sockets.get(userId) ?? new Set();
    set.add(socket);
    this.sockets.set(userId, set);
  }

  left(socket: NotificationSocket): void {
    const { userId } = socket.data;
    if (userId === null || userId === undefined) return;
    const set = this.sockets.get(userId);
    set?.delete(socket);
    if (set?.size === 0) this.sockets.delete(userId);
  }

  /**
   * What a client holding `sinceId` missed, oldest first, leaving out what this socket already
   * sent it live since it signed in (so a notification raised between sign-in and this question
   * arrives once).
   */
  missed(socket: NotificationSocket, sinceId: number): Promise<Notification[]> {
    return this.inTurn(socket, async () => {
      const { userId, liveFrom, lastSent } = socket.data;
      if (userId === null) return [];
      const rows = (await this.queries.after(userId, sinceId)).filter(
        (n) => n.notificationId <= liveFrom || n.notificationId > lastSent,
      );
      const newest = rows.at(-1)?.notificationId ?? 0;
      socket.data.lastSent = Math.max(lastSent, newest);
      return rows;
    });
  }

  private wakeHere(userIds: readonly number[]): void {
    for (const userId of userIds) for (const socket of this.sockets.get(userId) ?? []) void this.deliver(socket);
  }

  private deliver(socket: NotificationSocket): Promise<void> {
    return this.inTurn(socket, async () => {
      const { userId } = socket.data;
      if (userId === null || !socket.connected) return;
      for (;;) {
        const rows = await this.queries.after(userId, socket.data.lastSent);
        for (const n of rows) socket.emit('notification', n);
        if (rows.length === 0) return;
        socket.data.lastSent = rows.at(-1)!.notificationId;
        if (rows.length < MISSED_BATCH) return;
      }
    }).catch((error: unknown) => this.log.warn({ err: error }, 'notification delivery failed'));
  }

  private inTurn<T>(socket: NotificationSocket, work: () => Promise<T>): Promise<T> {
    const result = socket.data.turn.then(work);
    socket.data.turn = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  /** Wakes this process's sockets of anyone notified since the last sweep. */
  private async sweep(): Promise<void> {
    if (this.sockets.size === 0) return;
    try {
      const last = await this.queries.lastId();
      if (this.swept < 0) this.swept = last;
      if (last <= this.swept) return;
      const userIds = (await this.queries.recipientsAfter(this.swept)).filter((id) => this.sockets.has(id));
      this.swept = last;
      this.wakeHere(userIds);
    } catch {
      // The projector has not created the table yet, or the database is away: the next sweep tries again.
    }
  }
}
