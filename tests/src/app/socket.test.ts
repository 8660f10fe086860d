/**
 * src/app/socket.ts loads socket.io-client only when a live subscription starts or the page has
 * settled (issue #17): listeners added before then reach the real socket, in order, once.
 * socket.io-client is replaced at the edge by a recording socket.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => {
  type Fn = (...args: unknown[]) => void;
  const listeners = new Map<string, Fn[]>();
  const socket = {
    connected: false,
    emitted: [] as string[],
    on(event: string, fn: Fn) {
      listeners.set(event, [...(listeners.get(event) ?? []), fn]);
      return socket;
    },
    off(event: string, fn: Fn) {
      listeners.set(
        event,
        (listeners.get(event) ?? []).filter((f) => f !== fn),
      );
      return socket;
    },
    emit(event: string, arg?: unknown) {
      socket.emitted.push(arg === undefined ? event : `${event}:${String(arg)}`);
      return socket;
    },
    disconnect() {
      socket.connected = false;
      return socket;
    },
    connect() {
      return socket;
    },
    /** The server side: the handshake completed. */
    fire(event: string, ...args: unknown[]) {
      if (event === 'connect') socket.connected = true;
      for (const fn of listeners.get(event) ?? []) fn(...args);
    },
    count(event: string) {
      return (listeners.get(event) ?? []).length;
    },
    reset() {
      listeners.clear();
      socket.emitted = [];
      socket.connected = false;
    },
  };
  return { socket, io: vi.fn(() => socket) };
});
vi.mock('socket.io-client', () => ({ io: fake.io }));

const { getSocket, LEAVE_AFTER_MS, resetSocket, subscribeLive } = await import('../../../src/app/socket');

const loaded = () => vi.waitFor(() => expect(fake.io).toHaveBeenCalledTimes(1));

// The page is still loading (jsdom's document is 'complete'): only a subscription or a key press
// may load the client before the load event.
beforeEach(() => {
  Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
});

afterEach(() => {
  Reflect.deleteProperty(document, 'readyState');
  resetSocket();
  fake.socket.reset();
  fake.io.mockClear();
});

describe('the live channel', () => {
  it('does not load the client for connect/disconnect listeners alone, and reads as not connected', async () => {
    const s = getSocket();
    const onConnect = vi.fn();
    s.on('connect', onConnect);
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.io).not.toHaveBeenCalled();
    expect(s.connected).toBe(false);
  });

  it('a subscription loads the client once, attaches what waited, and asks on connect', async () => {
    const updates: unknown[] = [];
    const off = subscribeLive('getblock', (p) => updates.push(p));
    subscribeLive('gethomedata', () => undefined);
    expect(fake.io).not.toHaveBeenCalled(); // the library arrives asynchronously
    await loaded();
    expect(fake.socket.count('getblock-update')).toBe(1);
    expect(fake.socket.count('connect')).toBe(2);
    expect(fake.socket.emitted).toEqual([]);
    fake.socket.fire('connect');
    expect(getSocket().connected).toBe(true);
    expect(fake.socket.emitted).toEqual(['getblock', 'gethomedata']);
    fake.socket.fire('getblock-update', { n: 1 });
    expect(updates).toEqual([{ n: 1 }]);
    off();
    expect(fake.socket.count('getblock-update')).toBe(0);
    expect(fake.socket.count('connect')).toBe(1);
  });

  it('a listener removed before the client loaded is never attached', async () => {
    const off = subscribeLive('getblock', () => undefined);
    off();
    subscribeLive('subscribe', () => undefined);
    await loaded();
    expect(fake.socket.count('getblock-update')).toBe(0);
    expect(fake.socket.count('Transaction-update')).toBe(1);
  });

  it('connects on the first key press, with no subscription', async () => {
    const s = getSocket();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    await loaded();
    fake.socket.fire('connect');
    expect(s.connected).toBe(true);
  });

  it("leaves a request's room after the last screen showing it unsubscribed, not when one comes back in time", async () => {
    const a = subscribeLive('getblock', () => undefined);
    const b = subscribeLive('getblock', () => undefined);
    await loaded();
    fake.socket.fire('connect');
    const leaves = () => fake.socket.emitted.filter((e) => e === 'leave:getblock').length;
    vi.useFakeTimers();
    try {
      a();
      vi.advanceTimersByTime(LEAVE_AFTER_MS + 1);
      expect(leaves(), 'another screen still shows it').toBe(0);
      b();
      vi.advanceTimersByTime(LEAVE_AFTER_MS - 1_000);
      const c = subscribeLive('getblock', () => undefined); // the next page shows the same lists
      vi.advanceTimersByTime(5_000);
      expect(leaves()).toBe(0);
      c();
      c(); // a second call changes nothing
      vi.advanceTimersByTime(LEAVE_AFTER_MS + 1);
      expect(leaves()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('connects after the load event, with no subscription', async () => {
    getSocket();
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.io).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    await loaded();
  });
});
