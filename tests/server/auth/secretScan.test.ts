/**
 * The scan the browser tests rely on (tests/e2e/secretScan.ts, issue #45): it must find a secret
 * in every form a client could send it, or those tests could never fail.
 */
import type { Request } from 'playwright-core';
import { expect, it } from 'vitest';
import { leaks } from '../../e2e/secretScan';

const request = (url: string, body = '', headers: Record<string, string> = {}): Request =>
  ({ method: () => 'POST', url: () => url, headers: () => headers, postDataBuffer: () => Buffer.from(body) }) as unknown as Request;

const secrets = [
  { name: 'password', value: 'a long pass word' },
  { name: 'key', value: '0xABCDEF0123456789abcdef' },
];

it('finds a secret in a path, a query, a header or a body, in any form', () => {
  const found = leaks(
    [
      request(`http://x/v/registration/me/${encodeURIComponent('a long pass word')}`),
      request('http://x/v/send', JSON.stringify({ k: 'abcdef0123456789ABCDEF' })),
      request('http://x/v/a', '', { authorization: `Basic ${Buffer.from('a long pass word').toString('base64')}` }),
      request('http://x/v/q?key=abcdef0123456789abcdef'),
    ],
    secrets,
  );
  expect(found).toEqual([
    'password in POST http://x/v/registration/me/a%20long%20pass%20word',
    'key in POST http://x/v/send',
    'password in POST http://x/v/a',
    'key in POST http://x/v/q?key=abcdef0123456789abcdef',
  ]);
});

it('finds nothing in requests that carry no secret', () => {
  expect(leaks([request('http://x/v/login', JSON.stringify({ email: 'me@example.com', password: 'f00d'.repeat(16) }))], secrets)).toEqual(
    [],
  );
});
