/**
 * A private PostgreSQL cluster for the fault suite, so a test can restart "the database server"
 * without touching the machine's shared one (other tests use it). Debian's binaries in
 * /usr/lib/postgresql/<version>/bin; PostgreSQL refuses to run as root, so as root every command
 * runs as the `postgres` user (runuser) on a temporary folder that user owns.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/chain/devnet';

export interface PrivatePg {
  /** postgres://… of the cluster's `postgres` database (trust authentication, 127.0.0.1 only). */
  url: string;
  port: number;
  /** pg_ctl stop (fast: open sessions are terminated), `downMs` of outage, then start again. */
  restart(downMs: number): Promise<void>;
  /** Stops the cluster and removes its folder. Idempotent. */
  destroy(): Promise<void>;
}

/** The newest installed PostgreSQL's bin folder, or null. */
export function findPgBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(root, v, 'bin');
    if (fs.existsSync(path.join(bin, 'pg_ctl')) && fs.existsSync(path.join(bin, 'initdb'))) return bin;
  }
  return null;
}

/** Why a private cluster cannot run here (null when it can). */
export function privatePgUnavailable(): string | null {
  if (!findPgBin()) return 'no PostgreSQL server binaries in /usr/lib/postgresql/*/bin (apt-get install postgresql)';
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    } catch {
      return 'running as root and there is no `postgres` user to run the cluster as';
    }
  }
  return null;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function startPrivatePg(): Promise<PrivatePg> {
  const bin = findPgBin();
  if (!bin) throw new Error('no PostgreSQL binaries');
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]] : [path.join(bin, cmd), args];
    return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  };
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'ruby-faults-pg-'));
  fs.chmodSync(base, 0o755);
  const dataDir = path.join(base, 'data');
  const log = path.join(base, 'server.log');
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', base]);
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const opts = `-p ${port} -k ${base} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const start = () => run('pg_ctl', ['-D', dataDir, '-l', log, '-o', opts, '-w', '-t', '60', 'start']);
  const stop = () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
  start();
  let destroyed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async restart(downMs: number) {
      stop();
      await sleep(downMs);
      start();
    },
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      try {
        stop();
      } catch {
        // not running
      }
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
}
