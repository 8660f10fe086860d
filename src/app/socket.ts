/**
 * The app's one socket.io connection (docs/decisions.md#spec-realtime-channel): connection time-out
 * 20 s, reconnect delay 1 to 5 s. `subscribeLive` emits a request, listens on its update event,
 * and emits the request again after every reconnect (the server forgets rooms of a dropped
 * socket). Features feed RTK Query caches from it in `onCacheEntryAdded`.
 */
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import {
  SOCKET_EVENTS,
  SOCKET_PATH,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SocketPayload,
  type SocketRequest,
  LEAVE_EVENT,
} from '../../common/api/socket';
import { isLiveListRequest } from '../../common/api/liveLists';
import { getToken, subscribeToken } from '../lib/authToken';
import { prefetchWhenSettled } from '../lib/prefetchWhenSettled';
import { liveListReader } from './liveLists';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The socket's own events beside the server's. */
interface ReservedEvents {
  connect: () => void;
  disconnect: (reason: string) => void;
}
type ChannelEvents = ServerToClientEvents & ReservedEvents;

/**
 * What the app uses of the socket, there at once: socket.io-client (15 KB gzipped) is not in the
 * first JavaScript of a page but loaded when a live subscription starts (the home's
 * follow their data once it has arrived: src/app/liveQuery.ts) or the page has settled
 * (prefetchWhenSettled), whichever is first. Listeners added before then are attached when the
 * client is there; until it has connected `connected` is false, as for a socket still connecting.
 */
export interface LiveChannel {
  readonly connected: boolean;
  on<E extends keyof ChannelEvents>(event: E, listener: ChannelEvents[E]): void;
  off<E extends keyof ChannelEvents>(event: E, listener: ChannelEvents[E]): void;
  emit(request: SocketRequest): void;
  /** Leaves the request's room on the server (LEAVE_EVENT); a channel without a server ignores it. */
  leave?(request: SocketRequest): void;
}

function env(name: string): string | undefined {
  const v: unknown = import.meta.env[name];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

/** Socket host (same origin by default; VITE_SOCKET_URL for a separate socket host). */
export const SOCKET_URL = env('VITE_SOCKET_URL');
/**
 * Straight on WebSocket: one round trip for the handshake instead of socket.io's long-polling
 * start and upgrade (several requests before the first live event on a slow network).
 * Long-polling stays as the fallback where a proxy blocks WebSocket (the server accepts both).
 */
export const SOCKET_OPTIONS: Partial<ManagerOptions & SocketOptions> = {
  path: SOCKET_PATH,
  timeout: 20_000,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
  transports: ['websocket', 'polling'],
  // A failed WebSocket tries polling before giving up on this attempt.
  tryAllTransports: true,
};
/** The longest a subscription waits for a drawn frame and an idle moment before the socket is loaded. */
const AFTER_PAINT_MAX_MS = 1_500;
/** A failed load of the client library (offline) is tried again after this long. */
const LOAD_RETRY_MS = 5_000;

/**
 * The login token in the handshake: the server then adds the user's own events
 * (watchlist alerts). Read at every (re)connect; a login or logout reconnects at once.
 */
function handshakeAuth(cb: (data: object) => void): void {
  const token = getToken();
  cb(token ? { token } : {});
}

// socket.io's typed on/off/emit cannot relate a generic event name to its listener: the casts
// below only restate the ChannelEvents relation LiveChannel's signatures guarantee.
type Untyped = (event: string, fn?: unknown) => void;

class LazyChannel implements LiveChannel {
  private socket: LiveSocket | null = null;
  private loading = false;
  private waitingForPaint = false;
  private closed = false;
  /** Listeners and requests from before the client library was there, in order. */
  private waiting: [kind: 'on' | 'emit', event: string, fn?: unknown][] = [];
  private cancelSettled: () => void;

  constructor() {
    this.cancelSettled = prefetchWhenSettled(() => this.start(), 0);
  }

  get connected(): boolean {
    return this.socket?.connected ?? false;
  }

  on<E extends keyof ChannelEvents>(event: E, listener: ChannelEvents[E]): void {
    if (this.socket) (this.socket.on as Untyped)(event, listener);
    else this.waiting.push(['on', event, listener]);
    // A subscription to the server's pushes: it wants the socket, once the frame is painted.
    if (event !== 'connect' && event !== 'disconnect') this.startAfterPaint();
  }

  off<E extends keyof ChannelEvents>(event: E, listener: ChannelEvents[E]): void {
    if (this.socket) (this.socket.off as Untyped)(event, listener);
    else this.waiting = this.waiting.filter(([kind, e, fn]) => !(kind === 'on' && e === event && fn === listener));
  }

  emit(request: SocketRequest): void {
    // socket.io buffers an emit until it has connected; so does this until it has loaded.
    if (this.socket) (this.socket.emit as Untyped)(request);
    else {
      this.waiting.push(['emit', request]);
      this.startAfterPaint();
    }
  }

  leave(request: SocketRequest): void {
    // Not connected: the server holds no room for this socket (a reconnect joins only what is asked).
    if (this.socket?.connected) this.socket.emit(LEAVE_EVENT, request);
    else this.waiting = this.waiting.filter(([kind, e]) => !(kind === 'emit' && e === request));
  }

  /**
   * start() once the next frame is drawn and the main thread is idle: a live query subscribes as
   * its data arrives (followLive), and the page draws that data (on a phone's CPU, several
   * renders) before the client library is fetched and parsed. A hidden tab draws no frame and a
   * busy one may not idle soon: the timer starts it there.
   */
  private startAfterPaint(): void {
    if (this.socket || this.loading || this.closed || this.waitingForPaint) return;
    this.waitingForPaint = true;
    const start = () => this.start();
    const idle = () => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(start, { timeout: AFTER_PAINT_MAX_MS });
      else setTimeout(start, 0);
    };
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(idle, 0));
    else idle();
    setTimeout(start, AFTER_PAINT_MAX_MS);
  }

  /** Loads socket.io-client and connects (once; again after a failed load). */
  start(): void {
    if (this.socket || this.loading || this.closed) return;
    this.loading = true;
    this.cancelSettled();
    import('socket.io-client').then(
      ({ io }) => {
        this.loading = false;
        if (this.closed) return;
        const options = { ...SOCKET_OPTIONS, auth: handshakeAuth };
        const s: LiveSocket = SOCKET_URL ? io(SOCKET_URL, options) : io(options);
        this.socket = s;
        for (const [kind, event, fn] of this.waiting) {
          if (kind === 'on') (s.on as Untyped)(event, fn);
          else (s.emit as Untyped)(event);
        }
        this.waiting = [];
        let token = getToken();
        subscribeToken(() => {
          const now = getToken();
          if (now === token || this.closed) return;
          token = now;
          if (s.connected) s.disconnect().connect();
        });
      },
      () => {
        this.loading = false;
        setTimeout(() => this.start(), LOAD_RETRY_MS);
      },
    );
  }

  close(): void {
    this.closed = true;
    this.cancelSettled();
    this.socket?.disconnect();
    this.waiting = [];
  }
}

let channel: LazyChannel | null = null;

/** A server render (src/app/shell/renderPage.tsx) shows one moment: no socket, nothing pushed. */
const SERVER_CHANNEL: LiveChannel = { connected: false, on: () => undefined, off: () => undefined, emit: () => undefined };

export function getSocket(): LiveChannel {
  if (import.meta.env.SSR) return SERVER_CHANNEL;
  channel ??= new LazyChannel();
  return channel;
}

/** For tests: drop the shared socket. */
export function resetSocket(): void {
  channel?.close();
  channel = null;
}

type UpdateOf<R extends SocketRequest> = (typeof SOCKET_EVENTS)[R];

/**
 * After the last screen showing a request's data unsubscribes, its room is left this long later:
 * a page that unmounts and mounts again (a route change to a page with the same lists) keeps it.
 */
export const LEAVE_AFTER_MS = 10_000;
/** Live subscriptions per request and channel, and the leave each waits to send. */
const holders = new WeakMap<LiveChannel, Map<SocketRequest, { count: number; timer: ReturnType<typeof setTimeout> | null }>>();

function hold(s: LiveChannel, request: SocketRequest): () => void {
  let byRequest = holders.get(s);
  if (!byRequest) holders.set(s, (byRequest = new Map()));
  const h = byRequest.get(request) ?? { count: 0, timer: null };
  byRequest.set(request, h);
  h.count += 1;
  if (h.timer) clearTimeout(h.timer);
  h.timer = null;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    h.count -= 1;
    if (h.count > 0) return;
    h.timer = setTimeout(() => {
      h.timer = null;
      if (h.count === 0) s.leave?.(request);
    }, LEAVE_AFTER_MS);
  };
}

/**
 * Emit `request` and call `onUpdate` with each answer until the returned function is called. A
 * channel whose lists are pushed as changes (the latest blocks and transactions) still gives
 * `onUpdate` whole lists: the changes are merged here (liveLists.ts).
 */
export function subscribeLive<R extends SocketRequest>(
  request: R,
  onUpdate: (payload: SocketPayload<UpdateOf<R>>) => void,
  s: LiveChannel = getSocket(),
): () => void {
  const event = SOCKET_EVENTS[request];
  const emit = () => s.emit(request);
  const reader = isLiveListRequest(request)
    ? liveListReader(request, onUpdate as unknown as (p: Record<string, unknown>) => void, emit)
    : null;
  // The same cast as above: the table SOCKET_EVENTS guarantees the listener fits the event.
  const listener = (reader ? reader.receive : onUpdate) as unknown as ChannelEvents[UpdateOf<R>];
  const ask = () => {
    reader?.asked();
    emit();
  };
  const release = hold(s, request);
  s.on(event, listener);
  s.on('connect', ask);
  if (s.connected) ask();
  return () => {
    s.off(event, listener);
    s.off('connect', ask);
    release();
  };
}
