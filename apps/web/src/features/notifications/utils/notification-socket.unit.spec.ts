import { describe, expect, it } from '@jest/globals';
import type { Notification } from '@groundtruth/contracts';
import { RESEND_MS, startNotificationClient, type NotificationSocket, type Timers } from './notification-socket';

/** A clock whose time moves only when told, and the timers set on it. */
const fakeClock = () => {
  let now = 0;
  let next = 1;
  const due = new Map<number, { at: number; fn: () => void }>();
  const timers: Timers = {
    set: (fn, ms) => {
      const id = next++;
      due.set(id, { at: now + ms, fn });
      return id;
    },
    clear: (handle) => void due.delete(handle as number),
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const first = [...due.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!first) break;
      due.delete(first[0]);
      now = first[1].at;
      first[1].fn();
    }
    now = end;
  };
  return { timers, advance, now: () => now };
};

type Handler = (...args: never[]) => void;

/** A socket.io client stand-in: records what is emitted and when it connects; the test plays the server. */
const fakeSocket = () => {
  const handlers = new Map<string, Handler[]>();
  const emitted: { event: string; args: unknown[]; at: number }[] = [];
  const connects: number[] = [];
  let clock = () => 0;
  const socket = {
    connected: false,
    connect() {
      connects.push(clock());
    },
    disconnect() {
      if (!this.connected) return;
      this.connected = false;
      fire('disconnect', 'io client disconnect');
    },
    on(event: string, listener: Handler) {
      handlers.set(event, [...(handlers.get(event) ?? []), listener]);
    },
    emit(event: string, ...args: unknown[]) {
      emitted.push({ event, args, at: clock() });
    },
  };
  const fire = (event: string, ...args: unknown[]) => {
    for (const h of handlers.get(event) ?? []) (h as (...a: unknown[]) => void)(...args);
  };
  return {
    socket: socket as unknown as NotificationSocket & { connected: boolean },
    emitted,
    connects,
    useClock: (c: () => number) => (clock = c),
    /** The server accepts the connection. */
    open: () => {
      socket.connected = true;
      fire('connect');
    },
    /** The connection drops (server gone, network lost). */
    drop: () => {
      socket.connected = false;
      fire('disconnect', 'transport close');
    },
    refuse: () => fire('connect_error', new Error('refused')),
    push: (n: Notification) => fire('notification', n),
    /** Answers the newest emitted message of this name. */
    answer: (event: string, value: unknown) => {
      const message = [...emitted].reverse().find((m) => m.event === event);
      if (!message) throw new Error(`Nothing emitted as ${event}.`);
      (message.args[message.args.length - 1] as (v: unknown) => void)(value);
    },
  };
};

const note = (id: number): Notification => ({
  notificationId: id,
  kind: 'mention',
  user: { id: 2, name: 'Ana' },
  createdAt: '2026-01-01T00:00:00Z',
  projectId: 1,
  bookmark: null,
  postId: 10 + id,
  seen: false,
});

const setup = (lastId = 0) => {
  const clock = fakeClock();
  const server = fakeSocket();
  server.useClock(clock.now);
  const received: Notification[] = [];
  const statuses: string[] = [];
  let held = lastId;
  const sut = startNotificationClient({
    socket: server.socket,
    token: () => 'the-token',
    lastId: () => held,
    onNotifications: (list) => {
      received.push(...list);
      held = Math.max(held, ...list.map((n) => n.notificationId));
    },
    onStatus: (s) => statuses.push(s),
    timers: clock.timers,
  });
  return { sut, clock, server, received, statuses };
};

describe('the live notifications client', () => {
  it('sends the token as its first message, then asks what it missed since the last id it holds', () => {
    const { server, received } = setup(41);
    server.open();
    expect(server.emitted.map((m) => [m.event, m.args[0]])).toEqual([['auth', 'the-token']]);
    server.answer('auth', { ok: true, userId: 7 });
    expect(server.emitted[1]?.event).toBe('missed');
    expect(server.emitted[1]?.args[0]).toBe(41);
    server.answer('missed', [note(42), note(43)]);
    expect(received.map((n) => n.notificationId)).toEqual([42, 43]);
  });

  it('takes notifications pushed by the server', () => {
    const { server, received } = setup();
    server.open();
    server.answer('auth', { ok: true, userId: 7 });
    server.push(note(5));
    expect(received.map((n) => n.notificationId)).toEqual([5]);
  });

  it('reconnects after Fibonacci delays from 1 s to 60 s, and starts from 1 s again after a success', () => {
    const { server, clock } = setup();
    expect(server.connects).toEqual([0]);
    // Eleven refusals in a row: 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, then capped at 60 s.
    const refusedAt: number[] = [];
    for (let i = 0; i < 11; i++) {
      refusedAt.push(clock.now());
      server.refuse();
      clock.advance(60_000);
    }
    // From each refusal to the next attempt.
    const gaps = server.connects.slice(1).map((at, i) => at - refusedAt[i]!);
    expect(gaps).toEqual([1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 60].map((s) => s * 1000));
    // It connects and is let in: the next loss starts from 1 s again.
    server.open();
    server.answer('auth', { ok: true, userId: 7 });
    const before = clock.now();
    const count = server.connects.length;
    server.drop();
    clock.advance(999);
    expect(server.connects).toHaveLength(count);
    clock.advance(1);
    expect(server.connects.at(-1)).toBe(before + 1000);
  });

  it('does not reset the delays on a connection the server did not let in', () => {
    const { server, clock } = setup();
    server.refuse();
    clock.advance(1000);
    server.refuse();
    clock.advance(1000);
    server.refuse(); // third failure: 2 s
    const at = clock.now();
    clock.advance(2000);
    expect(server.connects.at(-1)).toBe(at + 2000);
  });

  it('asks again for what it missed on every reconnect, from the newest id it then holds', () => {
    const { server, clock, received } = setup(3);
    server.open();
    server.answer('auth', { ok: true, userId: 7 });
    server.answer('missed', []);
    server.push(note(4));
    server.drop();
    clock.advance(1000);
    server.open();
    server.answer('auth', { ok: true, userId: 7 });
    const asks = server.emitted.filter((m) => m.event === 'missed').map((m) => m.args[0]);
    expect(asks).toEqual([3, 4]);
    // Three raised while it was away all arrive.
    server.answer('missed', [note(5), note(6), note(7)]);
    expect(received.map((n) => n.notificationId)).toEqual([4, 5, 6, 7]);
  });

  it('sends a message again after 5 s when its connection dropped before the answer', () => {
    const { server, clock } = setup();
    server.open();
    server.answer('auth', { ok: true, userId: 7 });
    const missedAt = server.emitted.filter((m) => m.event === 'missed').length;
    expect(missedAt).toBe(1);
    // No answer came: 5 s later it is sent again on the same connection.
    clock.advance(RESEND_MS - 1);
    expect(server.emitted.filter((m) => m.event === 'missed')).toHaveLength(1);
    clock.advance(1);
    expect(server.emitted.filter((m) => m.event === 'missed')).toHaveLength(2);
    // Answered: no more.
    server.answer('missed', []);
    clock.advance(RESEND_MS * 3);
    expect(server.emitted.filter((m) => m.event === 'missed')).toHaveLength(2);
  });

  it('stops when the server refuses the token, and tries no more', () => {
    const { server, clock, statuses } = setup();
    server.open();
    server.answer('auth', { ok: false, code: 'AUTH.TOKEN_INVALID' });
    clock.advance(120_000);
    expect(server.connects).toHaveLength(1);
    expect(statuses).toContain('refused');
  });

  it('leaves no timer behind once stopped', () => {
    const { server, clock, sut } = setup();
    server.refuse();
    sut.stop();
    clock.advance(120_000);
    expect(server.connects).toHaveLength(1);
    expect(sut.status()).toBe('stopped');
  });
});
