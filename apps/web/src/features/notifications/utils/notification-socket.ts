import type { Notification, NotificationClientEvents, NotificationServerEvents } from '@groundtruth/contracts';
import { reconnectDelayMs } from '@groundtruth/domain';

/** Spec §9: a message that could not be delivered is sent again after 5 s. */
export const RESEND_MS = 5_000;

/** The part of a socket.io client this module uses (socket.io-client's Socket fits it). */
export type NotificationSocket = {
  readonly connected: boolean;
  connect(): unknown;
  disconnect(): unknown;
  on<E extends keyof NotificationServerEvents>(event: E, listener: NotificationServerEvents[E]): unknown;
  on(event: 'connect' | 'disconnect' | 'connect_error', listener: (...args: unknown[]) => void): unknown;
  emit<E extends keyof NotificationClientEvents>(event: E, ...args: Parameters<NotificationClientEvents[E]>): unknown;
};

export type Timers = {
  readonly set: (fn: () => void, ms: number) => unknown;
  readonly clear: (handle: unknown) => void;
};

export type LiveStatus = 'connecting' | 'live' | 'offline' | 'refused' | 'stopped';

export type NotificationClientOptions = {
  /** A new, not yet connected socket (`io(url, { autoConnect: false, reconnection: false })`). */
  readonly socket: NotificationSocket;
  readonly token: () => string | null;
  /** The newest notification id the client holds: what it missed is asked from there. */
  readonly lastId: () => number;
  readonly onNotifications: (notifications: readonly Notification[]) => void;
  readonly onStatus?: (status: LiveStatus) => void;
  readonly timers?: Timers;
};

const browserTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * The live notifications client (spec §4 Notifications, §7 WebSocket /notifications). On every
 * (re)connect its first message is the token, then it asks for what it missed since the last id it
 * holds, so nothing raised while it was away is lost. A lost connection is tried again after
 * Fibonacci delays (1 s, 1 s, 2 s, 3 s … at most 60 s), counted from 1 s again once one succeeds;
 * a message left unanswered by a dropped connection is sent again 5 s later.
 */
export const startNotificationClient = (options: NotificationClientOptions): { stop: () => void; status: () => LiveStatus } => {
  const { socket } = options;
  const timers = options.timers ?? browserTimers;
  let attempt = 0;
  let status: LiveStatus = 'connecting';
  let stopped = false;
  let reconnectTimer: unknown = null;
  const pending = new Set<unknown>();
  // Each (re)connection has its own number: an answer to an older one is ignored.
  let session = 0;

  const setStatus = (next: LiveStatus) => {
    status = next;
    options.onStatus?.(next);
  };

  const later = (fn: () => void, ms: number) => {
    const handle = timers.set(() => {
      pending.delete(handle);
      if (!stopped) fn();
    }, ms);
    pending.add(handle);
    return handle;
  };

  /** Sends a message and waits for its answer; unanswered (the connection dropped), it goes again 5 s later. */
  const send = <T>(mine: number, emit: (ack: (answer: T) => void) => void, onAnswer: (answer: T) => void) => {
    let answered = false;
    const attemptSend = () => {
      if (stopped || answered || mine !== session) return;
      if (socket.connected) {
        emit((answer) => {
          if (answered || mine !== session) return;
          answered = true;
          onAnswer(answer);
        });
      }
      later(attemptSend, RESEND_MS);
    };
    attemptSend();
  };

  const scheduleReconnect = () => {
    if (stopped || reconnectTimer !== null || status === 'refused') return;
    const delay = reconnectDelayMs(attempt);
    attempt += 1;
    reconnectTimer = later(() => {
      reconnectTimer = null;
      setStatus('connecting');
      socket.connect();
    }, delay);
  };

  socket.on('connect', () => {
    session += 1;
    const mine = session;
    const token = options.token();
    if (token === null) {
      setStatus('refused');
      socket.disconnect();
      return;
    }
    send<{ ok: true; userId: number } | { ok: false; code: string }>(
      mine,
      (ack) => socket.emit('auth', token, ack),
      (answer) => {
        if (!answer.ok) {
          setStatus('refused');
          socket.disconnect();
          return;
        }
        attempt = 0;
        setStatus('live');
        send<Notification[]>(
          mine,
          (ack) => socket.emit('missed', options.lastId(), ack),
          (missed) => {
            if (missed.length > 0) options.onNotifications(missed);
          },
        );
      },
    );
  });
  socket.on('notification', (notification) => options.onNotifications([notification]));
  socket.on('error', (error) => console.warn('Notifications:', error.code, error.message));
  const dropped = () => {
    if (stopped) return;
    if (status !== 'refused') setStatus('offline');
    scheduleReconnect();
  };
  socket.on('disconnect', dropped);
  socket.on('connect_error', dropped);

  setStatus('connecting');
  socket.connect();

  return {
    stop: () => {
      stopped = true;
      for (const handle of pending) timers.clear(handle);
      pending.clear();
      setStatus('stopped');
      socket.disconnect();
    },
    status: () => status,
  };
};
