/**
 * A PostgreSQL primary and a streaming replica made from it with pg_basebackup, both private to
 * the test (temporary folders, their own loopback ports, stopped and removed at the end). The
 * machine's shared server is left alone: replicating it would need a `replication` line in its
 * pg_hba.conf. Debian's binaries; as root every command runs as the `postgres` user.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/chain/devnet';
import { findPgBin } from '../faults/privatePg';

export interface PrimaryAndReplica {
  primaryUrl: string;
  replicaUrl: string;
  destroy(): Promise<void>;
}

export async function startPrimaryAndReplica(): Promise<PrimaryAndReplica> {
  const bin = findPgBin();
  if (!bin) throw new Error('no PostgreSQL binaries');
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]] : [path.join(bin, cmd), args];
    return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
  };
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'ruby-replica-pg-'));
  fs.chmodSync(base, 0o755);
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', base]);
  const primaryDir = path.join(base, 'primary');
  const replicaDir = path.join(base, 'replica');
  const [pPort, rPort] = [await freePort(), await freePort()];
  const started: string[] = [];
  const stopAll = () => {
    for (const dir of started.reverse()) {
      try {
        run('pg_ctl', ['-D', dir, '-m', 'fast', '-w', '-t', '60', 'stop']);
      } catch {
        // not running
      }
    }
  };
  try {
    // initdb's pg_hba.conf already lets 127.0.0.1 connect for replication with -A trust.
    run('initdb', ['-D', primaryDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    const common = `-k ${base} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
    run('pg_ctl', [
      '-D',
      primaryDir,
      '-l',
      path.join(base, 'primary.log'),
      '-o',
      `-p ${pPort} ${common} -c wal_level=replica -c max_wal_senders=4`,
      '-w',
      '-t',
      '60',
      'start',
    ]);
    started.push(primaryDir);
    // -R writes standby.signal and primary_conninfo: the copy starts as a streaming replica.
    run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(pPort), '-U', 'postgres', '-D', replicaDir, '-R', '-X', 'stream', '-c', 'fast']);
    run('pg_ctl', [
      '-D',
      replicaDir,
      '-l',
      path.join(base, 'replica.log'),
      '-o',
      `-p ${rPort} ${common} -c hot_standby=on`,
      '-w',
      '-t',
      '60',
      'start',
    ]);
    started.push(replicaDir);
  } catch (err) {
    stopAll();
    fs.rmSync(base, { recursive: true, force: true });
    throw err;
  }
  let destroyed = false;
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${pPort}/postgres`,
    replicaUrl: `postgres://postgres@127.0.0.1:${rPort}/postgres`,
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      stopAll();
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
}
