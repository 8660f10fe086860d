/**
 * Issue #45: "no secret in a URL or a log", checked on what the browser really sent. A scan of
 * recorded requests (URL with path and query, headers, body) for secrets in every form a careless
 * client could send them: as typed, lower case, without 0x, URL-encoded and base64.
 */
import type { Request } from 'playwright-core';
import { expect } from 'vitest';

export interface Secret {
  name: string;
  value: string;
}

/** A wallet's private key and its account password, the two secrets of every wallet flow. */
export const keyAndPassword = (privateKey: string, password: string): Secret[] => [
  { name: 'private key', value: privateKey },
  { name: 'password', value: password },
];

/** The forms in which `value` may travel. */
function forms(value: string): string[] {
  const bare = value.replace(/^0x/i, '');
  return [
    ...new Set([value, value.toLowerCase(), bare, bare.toLowerCase(), encodeURIComponent(value), Buffer.from(value).toString('base64')]),
  ];
}

/** The text of a request as sent: method, URL, headers and body. */
export function requestText(r: Request): string {
  const body = r.postDataBuffer()?.toString('latin1') ?? '';
  return `${r.method()} ${r.url()}\n${JSON.stringify(r.headers())}\n${body}`;
}

/** "<secret> in <METHOD URL>" for every request carrying a secret in any form. */
export function leaks(requests: ReadonlyArray<Request>, secrets: ReadonlyArray<Secret>): string[] {
  return requests.flatMap((r) => {
    const text = requestText(r);
    const lower = text.toLowerCase();
    return secrets
      .filter((s) => forms(s.value).some((f) => text.includes(f) || lower.includes(f.toLowerCase())))
      .map((s) => `${s.name} in ${r.method()} ${r.url()}`);
  });
}

/** At least `min` requests were recorded, and none carried any of `secrets`. */
export function expectNoSecrets(requests: ReadonlyArray<Request>, secrets: ReadonlyArray<Secret>, min = 3): void {
  for (const s of secrets) expect(s.value.length, `${s.name} is empty`).toBeGreaterThanOrEqual(8);
  expect(requests.length).toBeGreaterThanOrEqual(min);
  expect(leaks(requests, secrets)).toEqual([]);
}
