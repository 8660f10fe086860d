/**
 * The socket.io channel on the API's HTTP server (path /socket.io). For each request event of
 * the channel (docs/decisions.md#spec-realtime-channel) the server answers the asking socket at once and joins it to that event's room;
 * after every new block (ctx.cache.onNewBlock) it computes each watched payload once and pushes it
 * to the room.
 *
 * Robustness: request payloads are ignored (the requests take no arguments); a computation that
 * fails is logged and that push skipped; a push older than one already sent is dropped.
 *
 * The lists (latest blocks, latest transactions) are answered whole on request and pushed as
 * changes after a block (livePush.ts, common/api/liveLists.ts): a reader is sent the new rows, not
 * the lists again; one that missed a push asks for the whole lists again.
 *
 * close() disconnects the clients and stops the engine but leaves the HTTP server to Fastify,
 * which closes it (socket.io's own close() would close it a second time).
 *
 * Several API processes (scale-out, deploy/): on PostgreSQL, socket.io's PostgreSQL adapter links
 * them (adapter.ts), so `io.to(room).emit(…)` reaches a room's sockets on every process: the way
 * for any event one process must send to sockets another holds. The new-block pushes do not need
 * it: every process hears each block through LISTEN/NOTIFY and pushes to its own sockets
 * (`io.local`); through the adapter each socket would get one copy per process.
 */
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '../../common/api/socket';
import { securityHeaders } from '../core/security';
import type { ApiContext } from '../core/context';
import { CHANNELS, type Channel } from './payloads';
import { LivePushes, toWire } from './livePush';
import { attachPgAdapter } from './adapter';
import { resolveJwtSecret } from '../auth/secret';
import { LEAVE_EVENT, WATCH_ALERT_EVENT, WATCH_WITHDRAWN_EVENT } from '../../common/api/socket';
import type { WatchNotification } from '../../common/api/watchlist';
import { alertFollower } from '../watchlist/alerts';
import { indexedHeadNow } from '../watchlist/queries';
import { joinUserRoom, leaveEndedSessions } from './socketUser';
import { clientOf, connectionCap, isLoopbackClient, requestBudget } from './socketLimits';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

export interface Realtime {
  io: RealtimeServer;
  close(): Promise<void>;
}

/** Largest message a client may send (the requests carry nothing). */
const MAX_CLIENT_MESSAGE = 16 * 1024;

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export function attachRealtime(server: HttpServer, ctx: ApiContext): Realtime {
  const limits = ctx.config.socketLimits;
  const cap = connectionCap(limits, clientOf(ctx.config.trustProxy), (c) => ctx.config.rateLimit.exemptLoopback && isLoopbackClient(c));
  const io: RealtimeServer = new Server<ClientToServerEvents, ServerToClientEvents>(server, {
    path: SOCKET_PATH,
    allowRequest: cap.allowRequest,
    serveClient: false,
    maxHttpBufferSize: MAX_CLIENT_MESSAGE,
    // A public read-only feed: any origin may listen (polling needs GET and POST).
    cors: { origin: '*', methods: ['GET', 'POST'] },
  });
  io.engine.on('connection', cap.track);
  const adapter = ctx.config.databaseUrl ? attachPgAdapter(io, ctx.config.databaseUrl, ctx.log) : null;
  // socket.io answers its long-polling requests itself, before Fastify's hooks: same headers.
  const headers = securityHeaders(ctx.config);
  io.engine.on('headers', (h: Record<string, string>) => {
    Object.assign(h, headers);
  });
  let closed = false;
  /** Highest block pushed per channel, so a slow computation never overwrites a newer push. */
  const pushedBlock = new Map<string, number>();
  /** What each list channel's room was sent last: a push after a block carries only the changes (livePush.ts). */
  const pushes = new LivePushes();

  const emit = (target: { emit: RealtimeSocket['emit'] }, ch: Channel, payload: unknown) => {
    const sent = ch.lists ? toWire(ch.lists, payload as object) : payload;
    (target.emit as (ev: string, p: unknown) => boolean)(ch.update, sent);
  };

  const answer = async (socket: RealtimeSocket, ch: Channel) => {
    try {
      await socket.join(ch.request);
      const payload = await ch.compute(ctx);
      if (!closed && socket.connected) emit(socket, ch, payload);
    } catch (err) {
      ctx.log(`realtime: ${ch.request}: ${describe(err)}`);
    }
  };

  // Watchlist alerts: a socket with a valid login token joins its user's room; after
  // each block the alerts go to those rooms through the adapter (server/watchlist/alerts.ts).
  const secret = resolveJwtSecret(ctx.config);
  const sink = {
    send: (room: string, alert: WatchNotification) => io.to(room).emit(WATCH_ALERT_EVENT, alert),
    withdraw: (room: string, ids: number[]) => io.to(room).emit(WATCH_WITHDRAWN_EVENT, { ids }),
  };
  const alerts = alertFollower(ctx.db, sink, ctx.log, () => indexedHeadNow(ctx.db));

  io.on('connection', (socket) => {
    void joinUserRoom(socket, ctx, secret).catch((err: unknown) => ctx.log(`realtime: socket login: ${describe(err)}`));
    const budget = requestBudget(limits);
    for (const ch of CHANNELS) {
      // Whatever the client sends along is ignored.
      (socket.on as (ev: string, fn: () => void) => void)(ch.request, () => {
        if (budget.allow()) return void answer(socket, ch);
        if (socket.connected) {
          ctx.log(`realtime: a socket sent more than ${limits.requestsPerWindow} requests in ${limits.windowMs / 1000} s: disconnected`);
          socket.disconnect(true);
        }
      });
    }
    // A client whose screens no longer show a request's data leaves its room (LEAVE_EVENT);
    // anything but a known request is ignored. Counted against the same budget as requests.
    (socket.on as (ev: string, fn: (request: unknown) => void) => void)(LEAVE_EVENT, (request) => {
      const ch = CHANNELS.find((c) => c.request === request);
      if (!ch) return;
      if (budget.allow()) void socket.leave(ch.request);
      else if (socket.connected) socket.disconnect(true);
    });
  });

  const pushOne = async (ch: Channel, block: number) => {
    const room = io.sockets.adapter.rooms.get(ch.request);
    if (closed || !room || room.size === 0) return;
    try {
      const payload = await ch.compute(ctx);
      if (closed || (pushedBlock.get(ch.request) ?? -1) > block) return;
      pushedBlock.set(ch.request, block);
      const push = ch.lists ? pushes.next(ch.lists, payload) : payload;
      if (push !== null) emit(io.local.to(ch.request), ch, push);
    } catch (err) {
      ctx.log(`realtime: push of ${ch.update} for block ${block} skipped: ${describe(err)}`);
    }
  };
  // Every channel at once, each sent as soon as it is ready (live blocks): a slow
  // chart query never holds back the latest blocks (CHANNELS lists the quick ones first, so on a
  // database that runs one query at a time they are still answered first).
  const push = async (block: number) => {
    await Promise.all(CHANNELS.map((ch) => pushOne(ch, block)));
  };
  const unsubscribe = ctx.cache.onNewBlock((block) => {
    void push(block);
    if (!closed) void alerts.onBlock(block);
  });
  // A session ended by log-out or a password change: its sockets leave the user room at once.
  const unlisten = ctx.sessionsEnded.listen((ended) => leaveEndedSessions(io, ended));

  return {
    io,
    async close() {
      if (closed) return;
      closed = true;
      unsubscribe();
      unlisten();
      io.local.disconnectSockets(true);
      io.engine.close();
      await adapter?.close();
    },
  };
}
