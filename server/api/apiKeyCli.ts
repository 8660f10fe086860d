/**
 * `npm run server -- apikey create <label>` | `apikey list` | `apikey revoke <id>`: the operator's
 * way to hand out API keys. The key is printed once, at creation; only its hash is stored.
 *
 * The embedded PGlite database is single-process: while the product runs, its data folder must
 * not be opened by a second process, so in PGlite mode the command refuses when the product
 * answers on its port (with PostgreSQL, DATABASE_URL, it works while the product runs).
 */
import type { Config } from '../config';
import { openDatabase } from '../db/database';
import { createApiKey } from './apiKeys';
import { listApiKeys, revokeApiKey, type ApiKeyInfo } from '../queries/apiKeys';
import { ApiError } from '../core/http';
import { apiPaths } from '../../common/api/paths';

const USAGE = 'usage: apikey create <label> | apikey list | apikey revoke <id>';

async function productRunning(config: Config): Promise<boolean> {
  const host = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
  try {
    const res = await fetch(`http://${host}:${config.port}${apiPaths.indexingStatus()}`, { signal: AbortSignal.timeout(1500) });
    return res.ok || res.status < 500;
  } catch {
    return false;
  }
}

function row(k: ApiKeyInfo): string {
  const status = k.revokedAt ? `revoked ${k.revokedAt.toISOString()}` : 'active';
  return `${String(k.id).padStart(4)}  ${(k.keyPrefix + '…').padEnd(10)}  ${status.padEnd(32)}  ${k.createdAt.toISOString()}  ${k.owner ?? '(operator)'}  ${k.label}`;
}

/** Runs the subcommand; returns the exit code. */
export async function runApiKeyCommand(args: string[], config: Config, out: (line: string) => void = console.log): Promise<number> {
  const [sub, ...rest] = args;
  if (sub !== 'create' && sub !== 'list' && sub !== 'revoke') {
    out(USAGE);
    return 2;
  }
  if (config.databaseUrl === null && (await productRunning(config))) {
    out(
      `The product is running on port ${config.port} with the embedded PGlite database, which only one process may open. ` +
        'Stop it first (or use PostgreSQL with DATABASE_URL).',
    );
    return 1;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    if (sub === 'create') {
      const created = await createApiKey(database.db, null, rest.join(' '));
      out(`API key #${created.id} (${created.label}):`);
      out(created.key);
      out('Store it now: it is shown only this once (the database keeps only its SHA-256).');
      out('Send it as the x-api-key header or the apikey query parameter.');
      return 0;
    }
    if (sub === 'list') {
      const keys = await listApiKeys(database.db);
      if (keys.length === 0) out('No API keys.');
      else {
        out(`  id  key         status                            created                   owner  label`);
        for (const k of keys) out(row(k));
      }
      return 0;
    }
    const id = Number(rest[0]);
    if (!Number.isSafeInteger(id) || id <= 0) {
      out(USAGE);
      return 2;
    }
    if (await revokeApiKey(database.db, id)) {
      out(`API key #${id} revoked (callers using it get 403 within 30 seconds).`);
      return 0;
    }
    out(`No active API key #${id}.`);
    return 1;
  } catch (err) {
    if (err instanceof ApiError) {
      out(err.message);
      return 2;
    }
    throw err;
  } finally {
    await database.close();
  }
}
