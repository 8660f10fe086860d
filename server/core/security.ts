/**
 * Security headers on every answer Fastify sends: the SPA's files, the index.html fallback, API
 * JSON, errors and 404s (issue 16). The web wallet decrypts private keys in the browser, so the
 * Content-Security-Policy is what stands between an injected string and those keys.
 *
 * Invariants:
 * - Registered first in buildApi: helmet's onRequest hook then runs before every other hook
 *   (rate limits, API keys), so an early 4xx answer carries the headers too, and before
 *   setNotFoundHandler, whose 404s and SPA fallback inherit the hook.
 * - No 'unsafe-inline' and no 'unsafe-eval' anywhere: the SPA is one external module script
 *   and external stylesheets; React's `style` props are applied through CSSOM (element.style),
 *   which style-src does not govern. ethers' scrypt (@noble/hashes) is plain JavaScript: no eval,
 *   no WebAssembly.
 * - HSTS and upgrade-insecure-requests only when HSTS=true says the site is served over TLS.
 */
import type { FastifyInstance } from 'fastify';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { Config } from '../config';
import { secretRoutePatterns } from '../../common/api/paths';

/**
 * Powerful features the explorer never uses, denied to the page and every frame. Only names
 * Chromium knows: an unknown one is a console error on every page (the route walk fails on
 * those). clipboard-write stays allowed for this origin: the copy buttons (hashes, addresses,
 * the wallet's key) use navigator.clipboard.writeText. clipboard-read keeps its default (this
 * origin, after the user grants the permission): the SPA never reads, but the browser tests
 * check each copy by reading the clipboard back.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
  'clipboard-write=(self)',
].join(', ');

/** HSTS lifetime when enabled: one year, the usual minimum for preload-grade policies. */
export const HSTS_MAX_AGE_SECONDS = 31_536_000;

/** The CSP directives (kebab-case, as sent), built from the configuration. */
export function cspDirectives(security: Config['security']): Record<string, string[]> {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // Inline event handler attributes (onclick="…"): never, whatever script-src says.
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    // data: for the favicon in index.html (an inline SVG); the QR code is an <svg> element.
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    // 'self' covers ws:/wss: to the page's own host in CSP 3 (socket.io's WebSocket upgrade);
    // other API / socket hosts come from CSP_CONNECT_SRC.
    'connect-src': ["'self'", ...security.connectSrc],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  if (security.hsts) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** The Content-Security-Policy header value, as helmet writes it (tests and docs compare with it). */
export function cspHeader(security: Config['security']): string {
  return Object.entries(cspDirectives(security))
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');
}

/** helmet's options (securityHeaders below lists the same values for framework errors). */
export function helmetOptions(config: Config): FastifyHelmetOptions {
  return {
    // useDefaults off: helmet's defaults allow inline styles and add upgrade-insecure-requests,
    // which over plain HTTP (the default deployment) would turn every request into a failure.
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config.security) },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Cross-origin API callers use fetch with CORS, which CORP does not govern.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: config.security.hsts ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false } : false,
  };
}

/**
 * The same headers as a plain record, for answers Fastify gives before any hook runs (its
 * frameworkErrors: a malformed URL, an over-long parameter). helmet is not a direct dependency,
 * so this lists what helmetOptions makes it write; security.test.ts compares the two answers
 * header by header, so they cannot drift apart.
 */
export function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': cspHeader(config.security),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    'permissions-policy': PERMISSIONS_POLICY,
  };
  if (config.security.hsts) headers['strict-transport-security'] = `max-age=${HSTS_MAX_AGE_SECONDS}`;
  return headers;
}

export async function installSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifyHelmet, { global: true, ...helmetOptions(config) });
  // helmet has no Permissions-Policy; the same onRequest stage, so early answers carry it too.
  app.addHook('onRequest', (_req, reply, done) => {
    void reply.header('permissions-policy', PERMISSIONS_POLICY);
    done();
  });
  // An answer that carries a key, keystore or login token (the registry's `secret` routes, their
  // errors included) is never kept by a browser or proxy cache.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (secretRoutePatterns.has(req.routeOptions.url ?? '')) void reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
