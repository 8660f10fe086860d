/**
 * The API on a test database with no node behind it (RUBY_RPC_URL points at a closed port): for
 * tests of what the API refuses or stores before anything asks the chain.
 */
import path from 'node:path';
import { buildApi } from '../../server/api/server';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/database';
import { LocalBus } from '../../server/events';

export type NodelessApp = Awaited<ReturnType<typeof buildApi>>['app'];
export const NO_NODE = 'http://127.0.0.1:9';

/** An API over `db` with its data folder in `dir`; `env` adds configuration; `distDir`: a built SPA to serve. */
export async function nodelessApi(
  db: Database,
  dir: string,
  env: Record<string, string> = {},
  distDir = path.join(dir, 'no-dist'),
): Promise<NodelessApp> {
  const { app } = await buildApi({
    config: loadConfig({ DATA_DIR: dir, RUBY_RPC_URL: NO_NODE, ...env }),
    db,
    bus: new LocalBus(),
    rpcUrl: NO_NODE,
    indexerStatus: () => ({}) as never,
    log: () => {},
    distDir,
  });
  return app;
}
