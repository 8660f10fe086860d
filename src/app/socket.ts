/**
 * The app's one socket.io connection (docs/decisions.md#spec-realtime-channel): connection time-out
 * 20 s, reconnect delay 1 to 5 s. `subscribeLive` emits a request, listens on its update event,
 * and emits the request again after every reconnect (the server forgets rooms of a dropped
 * socket). Features feed RTK Query caches from it in `onCacheEntryAdded`.
 */
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import {
  SOCKET_EVENTS,
  SOCKET_PATH,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SocketPayload,
  type SocketRequest,
} from '../../common/api/socket';
import { getToken, subscribeToken } from '../lib/authToken';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

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

let socket: LiveSocket | null = null;

/**
 * The login token in the handshake (issue #19): the server then adds the user's own events
 * (watchlist alerts). Read at every (re)connect; a login or logout reconnects at once.
 */
function handshakeAuth(cb: (data: object) => void): void {
  const token = getToken();
  cb(token ? { token } : {});
}

export function getSocket(): LiveSocket {
  if (!socket) {
    const options = { ...SOCKET_OPTIONS, auth: handshakeAuth };
    const s: LiveSocket = SOCKET_URL ? io(SOCKET_URL, options) : io(options);
    socket = s;
    let token = getToken();
    subscribeToken(() => {
      const now = getToken();
      if (now === token || socket !== s) return;
      token = now;
      if (s.connected) s.disconnect().connect();
    });
  }
  return socket;
}

/** For tests: drop the shared socket. */
export function resetSocket(): void {
  socket?.disconnect();
  socket = null;
}

type UpdateOf<R extends SocketRequest> = (typeof SOCKET_EVENTS)[R];

/** Emit `request` and call `onUpdate` with each answer until the returned function is called. */
export function subscribeLive<R extends SocketRequest>(
  request: R,
  onUpdate: (payload: SocketPayload<UpdateOf<R>>) => void,
  s: LiveSocket = getSocket(),
): () => void {
  const event = SOCKET_EVENTS[request];
  // socket.io's typed on/off cannot relate a generic event name to its listener: the casts
  // below only restate the SocketPayload<UpdateOf<R>> relation the table above guarantees.
  const listener = onUpdate as unknown as ServerToClientEvents[UpdateOf<R>];
  const ask = () => {
    (s.emit as (ev: SocketRequest) => void)(request);
  };
  (s.on as (ev: string, fn: unknown) => void)(event, listener);
  s.on('connect', ask);
  if (s.connected) ask();
  return () => {
    (s.off as (ev: string, fn: unknown) => void)(event, listener);
    s.off('connect', ask);
  };
}
