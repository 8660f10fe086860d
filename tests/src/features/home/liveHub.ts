/**
 * A stand-in for src/app/socket at the edge: records requests, answers them from `answers`
 * (asynchronously, like the server), and lets a test push updates. Use with
 *   vi.mock('../../../../src/app/socket', async () => (await import('./liveHub')).socketModule);
 * Not a test file.
 */
type Listener = (payload: unknown) => void;

const listeners = new Map<string, Set<Listener>>();
const socketListeners = new Map<string, Set<() => void>>();

export const hub = {
  /** Requests emitted, in order. */
  emitted: [] as string[],
  /** Automatic answer per request (absent: the server stays silent). */
  answers: new Map<string, unknown>(),
  connected: true,
  /** Pushes `payload` to every listener of `request`'s update event. */
  push(request: string, payload: unknown) {
    for (const l of [...(listeners.get(request) ?? [])]) l(payload);
  },
  setConnected(value: boolean) {
    hub.connected = value;
    for (const l of socketListeners.get(value ? 'connect' : 'disconnect') ?? []) l();
  },
  reset() {
    hub.emitted.length = 0;
    hub.answers.clear();
    hub.connected = true;
    listeners.clear();
    socketListeners.clear();
  },
  listenerCount(request: string) {
    return listeners.get(request)?.size ?? 0;
  },
};

const fakeSocket = {
  get connected() {
    return hub.connected;
  },
  on(ev: string, fn: () => void) {
    if (!socketListeners.has(ev)) socketListeners.set(ev, new Set());
    socketListeners.get(ev)?.add(fn);
  },
  off(ev: string, fn: () => void) {
    socketListeners.get(ev)?.delete(fn);
  },
};

export const socketModule = {
  getSocket: () => fakeSocket,
  resetSocket: () => {},
  subscribeLive(request: string, onUpdate: Listener) {
    if (!listeners.has(request)) listeners.set(request, new Set());
    listeners.get(request)?.add(onUpdate);
    hub.emitted.push(request);
    if (hub.answers.has(request)) {
      const answer = hub.answers.get(request);
      setTimeout(() => {
        if (listeners.get(request)?.has(onUpdate)) onUpdate(answer);
      }, 0);
    }
    return () => listeners.get(request)?.delete(onUpdate);
  },
};
