/**
 * Issue #45, sessions across replicas: two API processes on one PostgreSQL behind nginx
 * (cluster.ts). A session ended through replica A (log-out, "log out everywhere", a password
 * change) is refused by replica B at once: the sessions table is on the primary, read by every
 * replica in the query that loads the user, so no replica keeps a copy that could disagree.
 * The MCP server keeps no session at all: the SDK's client through nginx is answered by both.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Wallet, encryptKeystoreJson } from 'ethers';
import { toRubyAddress } from '../../common/address';
import { apiPaths } from '../../common/api/paths';
import type { ChallengeResponse } from '../../common/api/wallet';
import { deriveKeys, type DerivedKeys } from '../../common/kdf';
import { KDF_ID } from '../../common/kdfParams';
import { pgAvailable } from '../helpers/db';
import { isCI } from '../helpers/pg';
import { startCluster, type Cluster } from './cluster';
import { findNginx } from './nginx';

const nginxBin = findNginx();
if (!nginxBin && isCI()) throw new Error("CI is set but nginx is missing (.ci/run installs Debian's nginx)");
const enabled = nginxBin !== null && pgAvailable;

let cluster: Cluster;
beforeAll(async () => {
  if (!enabled) return;
  cluster = await startCluster({ nginxBin: nginxBin as string, replicas: 2, initialBlocks: 2 });
});
afterAll(async () => {
  await cluster?.stop();
});

type Body = Record<string, unknown>;

async function call(base: string, method: 'GET' | 'POST', path: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Body };
}

describe.skipIf(!enabled)('sessions on every replica', () => {
  const a = () => cluster.replicas[0]?.url ?? '';
  const b = () => cluster.replicas[1]?.url ?? '';
  /** 200 while the session is live, 401 once it is ended. */
  const probe = async (base: string, token: string) => (await call(base, 'GET', apiPaths.walletChallenge(), token)).status;
  const logIn = async (base: string, email: string, keys: DerivedKeys) =>
    (await call(base, 'POST', apiPaths.login(), undefined, { email, password: keys.loginSecret, kdf: KDF_ID })).body.token as string;

  it('a token logged out through replica A gets 401 on replica B (and through nginx)', async () => {
    const email = 'scaleout.logout@example.com';
    const keys = deriveKeys('scale me out please', email);
    const signup = await call(a(), 'POST', apiPaths.register(), undefined, { email, password: keys.loginSecret, kdf: KDF_ID });
    expect(signup.status).toBe(200);
    const token = signup.body.token as string;
    const other = await logIn(b(), email, keys);
    expect([await probe(a(), token), await probe(b(), token), await probe(b(), other)]).toEqual([200, 200, 200]);

    expect((await call(a(), 'POST', apiPaths.logout(), token)).status).toBe(200);
    expect([await probe(b(), token), await probe(a(), token), await probe(cluster.nginx.url, token)]).toEqual([401, 401, 401]);
    expect(await probe(b(), other)).toBe(200);

    // "Log out everywhere" through B ends A's sessions too.
    const third = await logIn(a(), email, keys);
    expect((await call(b(), 'POST', apiPaths.logoutAll(), other)).status).toBe(200);
    expect([await probe(a(), third), await probe(a(), other)]).toEqual([401, 401]);
  });

  it('a password change through replica A ends the other sessions on replica B', async () => {
    const email = 'scaleout.change@example.com';
    const oldKeys = deriveKeys('the old scale-out password', email);
    const token = (await call(a(), 'POST', apiPaths.register(), undefined, { email, password: oldKeys.loginSecret, kdf: KDF_ID })).body
      .token as string;
    const wallet = new Wallet(Wallet.createRandom().privateKey);
    const message = ((await call(a(), 'GET', apiPaths.walletChallenge(), token)).body as unknown as ChallengeResponse).result.message;
    const keystore = await encryptKeystoreJson(wallet, oldKeys.walletKey, { scrypt: { N: 1 << 14 } });
    const link = { address: toRubyAddress(wallet.address), message, signature: await wallet.signMessage(message), keystore };
    expect((await call(a(), 'POST', apiPaths.importWallet(), token, link)).status).toBe(200);
    const other = await logIn(b(), email, oldKeys);

    const newKeys = deriveKeys('the new scale-out password', email);
    const newKeystore = await encryptKeystoreJson(wallet, newKeys.walletKey, { scrypt: { N: 1 << 14 } });
    const change = { currentPassword: oldKeys.loginSecret, password: newKeys.loginSecret, kdf: KDF_ID, keystore: newKeystore };
    expect((await call(a(), 'POST', apiPaths.rekey(), token, change)).status).toBe(200);
    expect([await probe(b(), other), await probe(a(), other)]).toEqual([401, 401]);
    expect([await probe(b(), token), await probe(a(), token)]).toEqual([200, 200]);
  });

  it("the MCP server needs no session: the SDK's client through nginx is answered by both replicas", async () => {
    /** /mcp requests a replica answered (its /metrics). */
    const mcpServed = async (base: string) =>
      [
        ...(await (await fetch(`${base}${apiPaths.metrics()}`)).text()).matchAll(
          /^ruby_http_request_duration_seconds_count\{[^}]*route="\/mcp"[^}]*\} (\d+)/gm,
        ),
      ].reduce((n, m) => n + Number(m[1]), 0);
    await cluster.indexedAt(1);
    const client = new Client({ name: 'scaleout', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${cluster.nginx.url}${apiPaths.mcp()}`)));
    for (let i = 0; i < 6; i++) expect((await client.callTool({ name: 'get_block', arguments: { block: '1' } })).isError).toBeFalsy();
    await client.close();
    const counts = [await mcpServed(a()), await mcpServed(b())];
    expect(
      counts.every((n) => n > 0),
      String(counts),
    ).toBe(true);
    expect((await fetch(`${cluster.nginx.url}${apiPaths.llmsTxt()}`)).headers.get('content-type')).toMatch(/^text\/markdown/);
  });
});
