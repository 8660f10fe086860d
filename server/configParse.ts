/**
 * Parsing of the environment's values for server/config.ts: numbers, booleans, the proxy list,
 * the CSP sources and URLs, each with an error that names the variable.
 */
import net from 'node:net';

export function decimal(name: string, fallback: number, env: NodeJS.ProcessEnv): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return n;
}

export function int(name: string, fallback: number, env: NodeJS.ProcessEnv): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

export function bool(name: string, fallback: boolean, env: NodeJS.ProcessEnv): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

/** proxy-addr's named ranges (accepted by Fastify's trustProxy). */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function proxyEntryOk(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const slash = entry.lastIndexOf('/');
  const address = slash === -1 ? entry : entry.slice(0, slash);
  const family = net.isIP(address);
  if (family === 0 || address.includes('%')) return false;
  if (slash === -1) return true;
  const prefix = entry.slice(slash + 1);
  return /^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: true/false, or a comma-separated list of proxy addresses, CIDRs and the named
 * ranges loopback, linklocal, uniquelocal. A hop count is refused: Fastify 5 ignores a numeric
 * trustProxy (it cannot tell the proxy from a client that reaches the server directly).
 */
export function trustProxy(env: NodeJS.ProcessEnv): boolean | string[] {
  const raw = env.TRUST_PROXY?.trim();
  if (raw === undefined || raw === '') return false;
  if (/^(true|yes|on)$/i.test(raw)) return true;
  if (/^(false|no|off)$/i.test(raw)) return false;
  if (/^\d+$/.test(raw)) {
    throw new Error(
      `TRUST_PROXY: a hop count ("${raw}") is not supported (Fastify ignores it); give the proxy's addresses or CIDRs (e.g. loopback or 10.0.0.0/8), or true`,
    );
  }
  const entries = raw.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !proxyEntryOk(e));
  if (bad.length > 0) {
    throw new Error(
      `TRUST_PROXY must be true, false or a comma-separated list of IP addresses, CIDRs (address/prefix) or loopback, linklocal, uniquelocal; bad entr${bad.length === 1 ? 'y' : 'ies'}: ${bad.map((e) => `"${e}"`).join(', ')}`,
    );
  }
  return entries;
}

/**
 * Placeholders the repository ships in its examples (deploy/systemd/ruby-explorer.env and the
 * docs): whoever read the repository knows them, so a secret equal to one, or still saying
 * "change me", is refused at start (tests/server/configSecrets.test.ts reads deploy/ for them).
 */
export const SHIPPED_PLACEHOLDERS: readonly string[] = ['CHANGE-ME-64-random-characters', 'CHANGE-ME', '…', '...'];

function isPlaceholder(value: string): boolean {
  const v = value.toLowerCase();
  return SHIPPED_PLACEHOLDERS.some((p) => p.toLowerCase() === v) || /change[-_ ]?me/.test(v);
}

/**
 * METRICS_TOKEN: sent as a bearer token (an HTTP header value), so no spaces or control
 * characters; a short one would be guessable, a shipped placeholder known.
 */
export function metricsToken(env: NodeJS.ProcessEnv): string | null {
  const raw = env.METRICS_TOKEN?.trim();
  if (raw === undefined || raw === '') return null;
  if (!/^[\x21-\x7e]{16,}$/.test(raw)) throw new Error('METRICS_TOKEN must be at least 16 printable characters without spaces');
  if (isPlaceholder(raw)) throw new Error("METRICS_TOKEN is a placeholder from the repository's examples: set a random value of your own");
  return raw;
}

/**
 * JWT_SECRET: signs every log-in token, so anyone holding it can act as any account. At least 32
 * bytes (HS256's key size), and never a placeholder the repository ships. Unset: the product
 * generates its own (server/auth/secret.ts).
 */
export function jwtSecret(env: NodeJS.ProcessEnv): string | null {
  const raw = env.JWT_SECRET?.trim();
  if (raw === undefined || raw === '') return null;
  if (isPlaceholder(raw)) {
    throw new Error(
      "JWT_SECRET is a placeholder from the repository's examples: anyone could sign log-in tokens; set 32+ random bytes, e.g. `openssl rand -base64 48`",
    );
  }
  if (Buffer.byteLength(raw, 'utf8') < 32) {
    throw new Error(`JWT_SECRET must be at least 32 bytes, got ${Buffer.byteLength(raw, 'utf8')}; e.g. \`openssl rand -base64 48\``);
  }
  return raw;
}

const WS_TWIN: Record<string, string> = { 'http:': 'ws:', 'https:': 'wss:', 'ws:': 'http:', 'wss:': 'https:' };

/**
 * CSP_CONNECT_SRC: comma-separated absolute URLs (http, https, ws, wss); each is reduced to its
 * origin (a VITE_API_BASE such as https://api.example/api may be given as is) and paired with
 * its WebSocket or HTTP twin: socket.io polls over HTTP and then upgrades to a WebSocket.
 */
export function connectSrc(env: NodeJS.ProcessEnv): string[] {
  const raw = env.CSP_CONNECT_SRC?.trim();
  if (raw === undefined || raw === '') return [];
  const out = new Set<string>();
  for (const entry of raw.split(',').map((e) => e.trim())) {
    let url: URL | null = null;
    try {
      url = new URL(entry);
    } catch {
      // reported below
    }
    const twin = url ? WS_TWIN[url.protocol] : undefined;
    // A CSP source list is split on spaces and ';': such characters would inject directives.
    if (!url || !twin || url.host === '' || url.username !== '' || url.password !== '' || /[\s;,'"]/.test(entry)) {
      throw new Error(
        `CSP_CONNECT_SRC must be a comma-separated list of absolute http(s):// or ws(s):// URLs (the API and socket origins of the SPA build), bad entry: "${entry}"`,
      );
    }
    out.add(`${url.protocol}//${url.host}`);
    out.add(`${twin}//${url.host}`);
  }
  return [...out];
}

/** DATABASE_READ_URL: a postgres:// URL, only beside a DATABASE_URL (a replica of it). */
export function databaseReadUrl(env: NodeJS.ProcessEnv): string | null {
  const raw = env.DATABASE_READ_URL?.trim();
  if (raw === undefined || raw === '') return null;
  if (!/^postgres(ql)?:\/\//i.test(raw))
    throw new Error('DATABASE_READ_URL must be a postgres:// URL (a streaming replica of DATABASE_URL)');
  if (!env.DATABASE_URL?.trim()) throw new Error('DATABASE_READ_URL needs DATABASE_URL (the primary, for writes and LISTEN/NOTIFY)');
  return raw;
}

/** A URL variable: unset = the default, "off" = null (the source is not asked). */
export function offOr<T extends string | null>(name: string, raw: string | undefined, fallback: T): string | T | null {
  const v = raw?.trim();
  if (!v) return fallback;
  if (v.toLowerCase() === 'off') return null;
  if (!/^https?:\/\/\S+$/.test(v)) throw new Error(`${name} must be an http(s) URL or "off", got "${v.slice(0, 80)}"`);
  return v;
}
