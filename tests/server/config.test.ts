/**
 * Configuration parsing that needs no devnet: TRUST_PROXY (Fastify's trustProxy from an env
 * string), READY_MAX_LAG_BLOCKS and METRICS_TOKEN, HSTS and CSP_CONNECT_SRC (the security headers).
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

const trustProxy = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).trustProxy;

describe('TRUST_PROXY', () => {
  it('is off by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(trustProxy('')).toBe(false);
    expect(trustProxy('  ')).toBe(false);
  });

  it('reads true/false and a comma-separated list of addresses, CIDRs and named ranges', () => {
    expect(trustProxy('true')).toBe(true);
    expect(trustProxy('ON')).toBe(true);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('no')).toBe(false);
    expect(trustProxy('10.0.0.1')).toEqual(['10.0.0.1']);
    expect(trustProxy(' loopback , 10.0.0.0/8,fd00::/8, ::1 ,uniquelocal,linklocal')).toEqual([
      'loopback',
      '10.0.0.0/8',
      'fd00::/8',
      '::1',
      'uniquelocal',
      'linklocal',
    ]);
  });

  it('refuses a bad value at startup with a message naming it', () => {
    for (const bad of [
      '10.0.0.300',
      '10.0.0.0/33',
      '10.0.0.0/0',
      '::1/129',
      'proxy.example',
      'loopback,',
      '10.0.0.1;10.0.0.2',
      'fe80::1%eth0',
    ]) {
      expect(() => trustProxy(bad), bad).toThrow(/^TRUST_PROXY must be true, false or a comma-separated list/);
    }
    expect(() => trustProxy('10.0.0.0/33,nope')).toThrow('bad entries: "10.0.0.0/33", "nope"');
    // Fastify 5 ignores a numeric trustProxy: refused rather than silently trusting nothing.
    expect(() => trustProxy('1')).toThrow(/^TRUST_PROXY: a hop count \("1"\) is not supported/);
  });
});

describe('TRUST_PROXY with Fastify', () => {
  it('hands Fastify values it accepts, which set req.ip from X-Forwarded-For', async () => {
    const app = Fastify({ trustProxy: trustProxy('loopback, 10.0.0.0/8, fd00::/8, 192.0.2.7') });
    app.get('/', async (req) => ({ ip: req.ip }));
    try {
      const ip = async (remoteAddress: string) =>
        (await app.inject({ method: 'GET', url: '/', remoteAddress, headers: { 'x-forwarded-for': '203.0.113.9' } })).json<{ ip: string }>()
          .ip;
      expect(await ip('127.0.0.1')).toBe('203.0.113.9');
      expect(await ip('10.1.2.3')).toBe('203.0.113.9');
      expect(await ip('fd00::5')).toBe('203.0.113.9');
      expect(await ip('192.0.2.7')).toBe('203.0.113.9');
      expect(await ip('192.0.2.8')).toBe('192.0.2.8');
    } finally {
      await app.close();
    }
  });
});

describe('READY_MAX_LAG_BLOCKS and METRICS_TOKEN', () => {
  it('default to 20 blocks and no token', () => {
    expect(loadConfig({}).ops).toEqual({ readyMaxLagBlocks: 20, metricsToken: null });
    expect(loadConfig({ READY_MAX_LAG_BLOCKS: '', METRICS_TOKEN: '  ' }).ops).toEqual({ readyMaxLagBlocks: 20, metricsToken: null });
  });

  it('read a block count (0 = ready only when fully caught up) and a token', () => {
    expect(loadConfig({ READY_MAX_LAG_BLOCKS: '0' }).ops.readyMaxLagBlocks).toBe(0);
    expect(loadConfig({ READY_MAX_LAG_BLOCKS: '150' }).ops.readyMaxLagBlocks).toBe(150);
    expect(loadConfig({ METRICS_TOKEN: ' s3cret-token_for-prometheus ' }).ops.metricsToken).toBe('s3cret-token_for-prometheus');
  });

  it('refuse a bad value at startup with a message naming it', () => {
    for (const bad of ['-1', '1.5', 'twenty', '20 blocks']) {
      expect(() => loadConfig({ READY_MAX_LAG_BLOCKS: bad }), bad).toThrow(
        `READY_MAX_LAG_BLOCKS must be a non-negative integer, got "${bad}"`,
      );
    }
    for (const bad of ['short', 'has a space inside it', 'tab\there-0123456789', 'ünïcode-0123456789']) {
      expect(() => loadConfig({ METRICS_TOKEN: bad }), bad).toThrow(
        'METRICS_TOKEN must be at least 16 printable characters without spaces',
      );
    }
  });
});

describe('HSTS', () => {
  it('is off by default (plain HTTP) and on with HSTS=true', () => {
    expect(loadConfig({}).security.hsts).toBe(false);
    expect(loadConfig({ HSTS: '' }).security.hsts).toBe(false);
    expect(loadConfig({ HSTS: 'true' }).security.hsts).toBe(true);
    expect(loadConfig({ HSTS: '1' }).security.hsts).toBe(true);
    expect(loadConfig({ HSTS: 'off' }).security.hsts).toBe(false);
  });

  it('refuses anything but a boolean', () => {
    expect(() => loadConfig({ HSTS: 'https' })).toThrow('HSTS must be true or false, got "https"');
  });
});

describe('CSP_CONNECT_SRC', () => {
  const connectSrc = (value: string) => loadConfig({ CSP_CONNECT_SRC: value }).security.connectSrc;

  it('is empty by default (the SPA talks to its own origin)', () => {
    expect(loadConfig({}).security.connectSrc).toEqual([]);
    expect(connectSrc(' ')).toEqual([]);
  });

  it('keeps the origin of each URL and adds its WebSocket / HTTP twin', () => {
    expect(connectSrc('https://api.ruby.example/api')).toEqual(['https://api.ruby.example', 'wss://api.ruby.example']);
    expect(connectSrc(' wss://socket.ruby.example:8443 , http://10.0.0.5:8080,https://API.ruby.example:443/x')).toEqual([
      'wss://socket.ruby.example:8443',
      'https://socket.ruby.example:8443',
      'http://10.0.0.5:8080',
      'ws://10.0.0.5:8080',
      'https://api.ruby.example',
      'wss://api.ruby.example',
    ]);
    // The same origin twice (the API and the socket on one host) is listed once.
    expect(connectSrc('https://a.example/api,https://a.example')).toEqual(['https://a.example', 'wss://a.example']);
  });

  it('refuses what is not an absolute http(s) / ws(s) URL, or could inject a directive', () => {
    for (const bad of [
      '/api',
      'api.ruby.example',
      'ftp://x.example',
      'javascript:alert(1)',
      'data:text/plain,x',
      "https://a.example/'unsafe-inline'",
      'https://a.example/;script-src *',
      'https://user:pw@a.example',
      'https://a.example,',
    ]) {
      expect(() => connectSrc(bad), bad).toThrow(
        /^CSP_CONNECT_SRC must be a comma-separated list of absolute http\(s\):\/\/ or ws\(s\):\/\/ URLs/,
      );
    }
  });
});
