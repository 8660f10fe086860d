/**
 * The MCP tests' world: one indexed devnet with its sample contracts, one RBC20 token stored as
 * verified (its ABI from the traffic's own compilation, as the explorer's deploy path stores a
 * contract it compiled: verification itself is verify.test.ts's), the API listening on a real
 * port, and the SDK's own client (Client + StreamableHTTPClientTransport), unmodified.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'vitest';
import { apiPaths } from '../../../common/api/paths';
import { compileContracts } from '../../../server/chain/compile';
import type { Deployment } from '../../../server/chain/trafficContracts';
import { openDatabase, type Database } from '../../../server/db/database';
import { startApiServer, type ApiServer } from '../../../server/api/server';
import { saveVerified } from '../../../server/queries/verified';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { TEST_COMPILE_CACHE_DIR } from '../../helpers/compileCache';

export interface McpWorld {
  chain: IndexedChain;
  deployment: Deployment;
  database: Database;
  api: TestApi;
  server: ApiServer;
  client: Client;
  /** The verified token (0x, lowercase). */
  token: string;
  /** What the listening API logged (a tool that failed inside logs `mcp: …`). */
  logged: string[];
  close(): Promise<void>;
}

export async function mcpClient(url: string): Promise<Client> {
  const client = new Client({ name: 'ruby-explorer-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}${apiPaths.mcp()}`)));
  return client;
}

export async function startMcpWorld(): Promise<McpWorld> {
  const chain = await startIndexedChain({ steps: 6 });
  const deployment = await chain.traffic.setup();
  const database = await openDatabase({ databaseUrl: null, dataDir: null });
  const api = await chain.api(database);
  const token = (deployment.tokens[0]?.address ?? '').toLowerCase();
  const artifact = (await compileContracts({ cacheDir: TEST_COMPILE_CACHE_DIR })).RubyToken;
  if (!artifact) throw new Error('RubyToken was not compiled');
  await saveVerified(api.ctx, {
    address: token,
    contractName: 'RubyToken',
    source: '// stored by the MCP test',
    sourceFormat: 'single',
    abi: artifact.abi,
    compilerVersion: 'test',
    compilerSettings: {},
    origin: 'deploy',
    matchKind: 'full',
    constructorArgs: '',
    declaredType: 'rbc20',
    deployTxHash: null,
    license: null,
  });
  const logged: string[] = [];
  const server = await startApiServer({
    config: { ...api.ctx.config, port: 0, host: '127.0.0.1' },
    db: database,
    bus: api.bus,
    rpcUrl: chain.devnet.url,
    indexerStatus: () => api.indexer.status(),
    log: (m) => void logged.push(m),
  });
  const client = await mcpClient(server.url);
  return {
    chain,
    deployment,
    database,
    api,
    server,
    client,
    token,
    logged,
    async close() {
      await client.close();
      await server.close();
      await api.close();
      await database.close();
      await chain.stop();
    },
  };
}

/** The data of a tool's answer (structuredContent), after checking it is not an error and its text says the same. */
export async function callTool<T>(client: Client, name: string, args: Record<string, unknown>): Promise<T> {
  const res = await client.callTool({ name, arguments: args });
  const text = Array.isArray(res.content) && res.content[0]?.type === 'text' ? res.content[0].text : '';
  expect(res.isError, `${name}: ${text}`).toBeFalsy();
  expect(JSON.parse(text)).toEqual(res.structuredContent);
  return res.structuredContent as T;
}

/** The message of a tool's error answer (isError), after checking it is one. */
export async function toolError(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const res = await client.callTool({ name, arguments: args });
  expect(res.isError, `${name} should refuse ${JSON.stringify(args)}`).toBe(true);
  const first = Array.isArray(res.content) ? res.content[0] : undefined;
  return first?.type === 'text' ? first.text : '';
}
