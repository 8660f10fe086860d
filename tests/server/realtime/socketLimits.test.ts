import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientOf, requestBudget } from '../../../server/realtime/socketLimits';

const req = (remote: string, xff?: string) =>
  ({
    socket: { remoteAddress: remote },
    connection: { remoteAddress: remote },
    headers: xff ? { 'x-forwarded-for': xff } : {},
  }) as unknown as IncomingMessage;

describe('socket limits', () => {
  it('spends a budget per window and renews it', () => {
    let t = 0;
    const b = requestBudget({ requestsPerWindow: 3, windowMs: 1_000 }, () => t);
    expect([b.allow(), b.allow(), b.allow(), b.allow()]).toEqual([true, true, true, false]);
    t = 1_000;
    expect(b.allow()).toBe(true);
  });

  it("reads the client as Fastify's trustProxy would, an IPv6 client by its /64", () => {
    expect(clientOf(false)(req('10.0.0.1', '1.2.3.4'))).toBe('10.0.0.1');
    expect(clientOf(['loopback'])(req('127.0.0.1', '1.2.3.4'))).toBe('1.2.3.4');
    expect(clientOf(['loopback'])(req('10.0.0.1', '1.2.3.4'))).toBe('10.0.0.1');
    expect(clientOf(true)(req('127.0.0.1', '2001:db8:1:2::5, 10.0.0.2'))).toBe('2001:db8:1:2::/64');
  });
});
