/**
 * One loader process of bench/liveReaders.ts: opens `count` live readers to `url` (each its own
 * WebSocket connection from a loopback address of its own, as separate visitors would be), the
 * light wire-protocol reader (wireClient.ts) or with `client: 'socketio'` socket.io-client itself, each asking for what the home page
 * follows (the home data, the latest blocks, the latest transactions), and notes when each client
 * receives each block's `getblock-update` push. Driven over IPC by the parent:
 *   { type: 'start', url, count, perSecond, loader, client } → { type: 'connected', count, failed, ms }
 *   { type: 'mark' } → from now on every message's bytes are counted (the pushes after the blocks mined from then)
 *   { type: 'report' } → { type: 'report', received: { [block]: number[] } (receive times, ms epoch), clients, pushBytes, countedBytes }
 *   { type: 'stop' } → exits.
 */
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { SOCKET_EVENTS, SOCKET_PATH, type BlockUpdate } from '../../common/api/socket';
import { openWire, type WireReader } from './wireClient';

type Command =
  | { type: 'start'; url: string; count: number; perSecond: number; loader: number; client: 'wire' | 'socketio' }
  | { type: 'mark' }
  | { type: 'report' }
  | { type: 'stop' };

const sockets: Socket[] = [];
const wires: WireReader[] = [];
/** Bytes of the first message of each event (the answer to the request: whole lists). */
const pushBytes: Record<string, number> = {};
/** Since 'mark': bytes and messages of each event, all clients together. */
const countedBytes: Record<string, { bytes: number; messages: number }> = {};
let counting = false;

function count(event: string, bytes: number): void {
  pushBytes[event] ??= bytes;
  if (!counting) return;
  const c = (countedBytes[event] ??= { bytes: 0, messages: 0 });
  c.bytes += bytes;
  c.messages += 1;
}
/** Block number → receive time of each client that got it (first push with it on top). */
const received = new Map<number, number[]>();
let connected = 0;
let failed = 0;

const send = (message: unknown) => process.send?.(message);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A loopback source address of its own per client (all of 127.0.0.0/8 is this machine), as
 * visitors come from many addresses: nginx spreads the live channel by client address.
 */
const sourceAddress = (loader: number, i: number) => `127.${10 + loader}.${Math.floor(i / 250) % 250}.${1 + (i % 250)}`;

/** The first push of a client with block `n` on top: noted once per block and client. */
function noteBlock(n: number, at = Date.now()): void {
  const list = received.get(n);
  if (list) list.push(at);
  else received.set(n, [at]);
}

async function openLight(url: string, localAddress: string): Promise<void> {
  let last = -1;
  const reader = await openWire(
    url,
    localAddress,
    (n) => {
      if (n <= last) return;
      last = n;
      noteBlock(n);
    },
    count,
  );
  if (reader) {
    wires.push(reader);
    connected += 1;
  } else failed += 1;
}

function open(url: string, localAddress: string): Promise<void> {
  return new Promise((resolve) => {
    // forceNew: a connection of its own (socket.io-client would otherwise share one per URL).
    // localAddress is passed through to the WebSocket (engine.io-client's Node transport), not typed by socket.io-client.
    const options: Partial<ManagerOptions & SocketOptions> & { localAddress: string } = {
      path: SOCKET_PATH,
      transports: ['websocket'],
      forceNew: true,
      reconnection: true,
      timeout: 60_000,
      localAddress,
    };
    const socket = io(url, options);
    let last = -1;
    let settled = false;
    socket.on('connect', () => {
      socket.emit('gethomedata');
      socket.emit('getblock');
      socket.emit('subscribe');
      if (!settled) {
        settled = true;
        connected += 1;
        resolve();
      }
    });
    socket.on('connect_error', () => {
      if (!settled) {
        settled = true;
        failed += 1;
        resolve();
      }
    });
    for (const event of [SOCKET_EVENTS.gethomedata, SOCKET_EVENTS.subscribe, SOCKET_EVENTS.getblock]) {
      // The JSON as framed on the wire (42["event",payload]).
      socket.on(event, (p: unknown) => count(event, JSON.stringify([event, p]).length + 2));
    }
    socket.on(SOCKET_EVENTS.getblock, (p: BlockUpdate) => {
      const n = p.blockdata[0]?.blockNumber;
      if (n === undefined || n <= last) return;
      last = n;
      noteBlock(n);
    });
    sockets.push(socket);
  });
}

async function start(url: string, count: number, perSecond: number, loader: number, client: 'wire' | 'socketio'): Promise<void> {
  const t0 = Date.now();
  const pending: Promise<void>[] = [];
  const batch = Math.max(1, Math.round(perSecond / 20));
  for (let i = 0; i < count; i += batch) {
    for (let j = i; j < Math.min(count, i + batch); j++)
      pending.push((client === 'wire' ? openLight : open)(url, sourceAddress(loader, j)));
    await sleep(50);
  }
  await Promise.all(pending);
  send({ type: 'connected', count: connected, failed, ms: Date.now() - t0 });
}

process.on('message', (m: Command) => {
  if (m.type === 'start') void start(m.url, m.count, m.perSecond, m.loader, m.client);
  else if (m.type === 'mark') counting = true;
  else if (m.type === 'report')
    send({
      type: 'report',
      received: Object.fromEntries(received),
      clients: sockets.filter((s) => s.connected).length + wires.filter((w) => w.open).length,
      pushBytes,
      countedBytes,
    });
  else if (m.type === 'stop') {
    for (const s of sockets) s.disconnect();
    for (const w of wires) w.close();
    setTimeout(() => process.exit(0), 200);
  }
});
