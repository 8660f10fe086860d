/**
 * Limits of the live channel, so a few clients cannot starve the others:
 * - connections per client (an IPv4 address or an IPv6 /64, behind nginx the address its
 *   X-Forwarded-For names when TRUST_PROXY trusts it): a new handshake past the cap is refused
 *   (403 from engine.io), the client's open connections are untouched; loopback clients are
 *   exempt when the rate limits exempt them (RATE_LIMIT_EXEMPT_LOOPBACK: tests, benches);
 * - request events per connection: `requestsPerWindow` per `windowMs`; past it the socket is
 *   disconnected. The SPA asks once per channel when it connects and after a reconnect; a new
 *   block reaches every socket of a room by the server's own push, so a client never needs more.
 */
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { clientNetwork } from '../clientNetwork';
import type { SocketLimits } from '../config';

/** A loopback client, as clientOf names it (IPv6 ::1 is grouped into its /64). */
export const isLoopbackClient = (c: string): boolean => c.startsWith('127.') || c === '0:0:0:0::/64';

export const TOO_MANY_CONNECTIONS = 'Too many live connections from this client';

/** The client a raw request comes from, as Fastify's `trustProxy` would read it, grouped by clientNetwork. */
export function clientOf(trustProxy: boolean | string[]): (req: IncomingMessage) => string {
  const trust = trustProxy === true ? () => true : trustProxy === false ? () => false : proxyAddr.compile(trustProxy);
  return (req) => clientNetwork(proxyAddr(req, trust));
}

/**
 * Counts open connections per client: `allowRequest` goes into the socket.io Server's options,
 * `track` is called with each engine connection (io.engine.on('connection', track)).
 */
export function connectionCap(
  limits: Pick<SocketLimits, 'maxPerClient'>,
  client: (req: IncomingMessage) => string,
  exempt: (client: string) => boolean = () => false,
) {
  const open = new Map<string, number>();
  return {
    allowRequest(req: IncomingMessage, done: (err: string | null | undefined, success: boolean) => void): void {
      const c = client(req);
      const n = open.get(c) ?? 0;
      if (limits.maxPerClient > 0 && n >= limits.maxPerClient && !exempt(c)) done(TOO_MANY_CONNECTIONS, false);
      else done(null, true);
    },
    track(raw: { request: IncomingMessage; once(ev: 'close', fn: () => void): unknown }): void {
      const c = client(raw.request);
      open.set(c, (open.get(c) ?? 0) + 1);
      raw.once('close', () => {
        const left = (open.get(c) ?? 1) - 1;
        if (left <= 0) open.delete(c);
        else open.set(c, left);
      });
    },
    /** Open connections of a client (tests, metrics). */
    count: (c: string) => open.get(c) ?? 0,
  };
}

/** One socket's request budget: `allow()` is false once the window's budget is spent. */
export function requestBudget(limits: Pick<SocketLimits, 'requestsPerWindow' | 'windowMs'>, now: () => number = Date.now) {
  let windowStart = now();
  let used = 0;
  return {
    allow(): boolean {
      const t = now();
      if (t - windowStart >= limits.windowMs) {
        windowStart = t;
        used = 0;
      }
      used += 1;
      return limits.requestsPerWindow <= 0 || used <= limits.requestsPerWindow;
    },
  };
}
