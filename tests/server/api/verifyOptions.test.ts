/**
 * GET /verify/options (the Verify & Publish page's choices) against the devnet: the node's chain
 * id; offline (SOLC_BINARIES_URL=off) the bundled compiler and those already obtained into
 * DATA_DIR/solc; with a binaries list served over HTTP its releases too, newest first, without
 * nightlies or pre-releases, a compiler already cached marked so.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPaths } from '../../../common/api/paths';
import type { VerifyOptionsResponse } from '../../../common/api/verifyOptions';
import { EVM_VERSION_NAMES } from '../../../common/evmVersions';
import { startIndexedChain, type IndexedChain } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';

const bundled = (createRequire(import.meta.url)('solc/package.json') as { version: string }).version;

const LIST = {
  builds: [
    { path: 'soljson-v0.6.12+commit.27d51765.js', version: '0.6.12', longVersion: '0.6.12+commit.27d51765' },
    { path: 'soljson-v0.8.20+commit.a1b79de6.js', version: '0.8.20', longVersion: '0.8.20+commit.a1b79de6' },
    { path: 'soljson-v0.7.6+commit.7338295f.js', version: '0.7.6', longVersion: '0.7.6+commit.7338295f' },
    {
      path: 'soljson-v0.8.21-nightly.2023.5.1+commit.aa.js',
      version: '0.8.21',
      prerelease: 'nightly.2023.5.1',
      longVersion: '0.8.21-nightly',
    },
  ],
};

let chain: IndexedChain;
let server: http.Server;
let listUrl: string;
let listAsked = 0;
beforeAll(async () => {
  chain = await startIndexedChain({ steps: 1 });
  server = http.createServer((req, res) => {
    listAsked++;
    if (req.url === '/bin/list.json') res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(LIST));
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  listUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bin`;
  // A compiler obtained earlier (solcStore.ts writes this manifest beside the file).
  await fs.mkdir(path.join(chain.dir, 'solc'), { recursive: true });
  await fs.writeFile(path.join(chain.dir, 'solc', 'soljson-v0.7.6.json'), JSON.stringify({ version: '0.7.6', file: 'soljson-v0.7.6.js' }));
}, 300_000);
afterAll(async () => {
  server?.close();
  await chain?.stop();
});

describeEachDatabase('GET /verify/options', (getDb) => {
  it('offline: the chain id, the bundled and the cached compilers, the EVM versions', async () => {
    const api = await chain.api(getDb());
    try {
      const { statusCode, body } = await api.get<VerifyOptionsResponse>(apiPaths.verifyOptions());
      expect(statusCode).toBe(200);
      expect(body.status).toBe(true);
      expect(body.result.chainId).toBe('18215');
      expect(body.result.releasesListed).toBe(false);
      // The bundled solc is newer than 0.7.6: newest first.
      expect(body.result.compilers).toEqual([
        { name: `v${bundled}`, version: bundled, source: 'bundled' },
        { name: 'v0.7.6', version: '0.7.6', source: 'cached' },
      ]);
      expect(body.result.evmVersions).toEqual([...EVM_VERSION_NAMES]);
    } finally {
      await api.close();
    }
  });

  it('with a binaries list: its releases newest first, no nightlies, the cached one marked', async () => {
    const api = await chain.api(getDb(), { verify: { solcBinariesUrl: listUrl, solcNpmRegistry: null } });
    try {
      const { body } = await api.get<VerifyOptionsResponse>(apiPaths.verifyOptions());
      expect(body.result.releasesListed).toBe(true);
      expect(body.result.compilers.map((c) => c.version)).toEqual([bundled, '0.8.20', '0.7.6', '0.6.12']);
      expect(body.result.compilers.find((c) => c.version === '0.8.20')).toEqual({
        name: 'v0.8.20+commit.a1b79de6',
        version: '0.8.20',
        source: 'release',
      });
      expect(body.result.compilers.find((c) => c.version === '0.7.6')).toEqual({
        name: 'v0.7.6+commit.7338295f',
        version: '0.7.6',
        source: 'cached',
      });
      expect(body.result.compilers.some((c) => c.version === '0.8.21')).toBe(false);
      // The list is kept (per process, for both databases' runs): later page views do not ask again.
      await api.get(apiPaths.verifyOptions());
      expect(listAsked).toBe(1);
    } finally {
      await api.close();
    }
  });
});
