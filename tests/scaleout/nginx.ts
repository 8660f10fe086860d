/**
 * nginx for the scale-out test, as an unprivileged process: deploy/nginx/ruby-explorer.conf
 * rendered with the test's ports, dist/ and a temporary log folder, inside a minimal main
 * configuration of its own (prefix, pid, temp folders and logs in a temporary folder), run in the
 * foreground (`nginx -p <dir> -c <conf> -g 'daemon off;'`) and stopped at the end.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnGroup, type GroupProcess } from '../helpers/processGroup';
import { REPO_ROOT } from '../helpers/product';
import { apiPaths } from '../../common/api/paths';

export const SITE_CONF = path.join(REPO_ROOT, 'deploy', 'nginx', 'ruby-explorer.conf');

/** The nginx binary, or null (a laptop without it: the suite is skipped; CI installs it). */
export function findNginx(): string | null {
  for (const p of ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx']) if (fs.existsSync(p)) return p;
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** The operator's file with the test's values in place of the documented ones. */
export function renderSite(opts: { port: number; replicas: number[]; dist: string; logDir: string }): string {
  const text = fs.readFileSync(SITE_CONF, 'utf8');
  const servers = (indent: string, upstream: string) =>
    opts.replicas.map((p) => `${indent}server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n') + upstream;
  const out = text
    .replace(/^( +)server 127\.0\.0\.1:8081 [^\n]*\n +server 127\.0\.0\.1:8082 [^\n]*$/gm, (_m, indent: string) => servers(indent, ''))
    .replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${opts.port};`)
    .replace(/\/srv\/ruby-explorer\/dist/g, opts.dist)
    .replace(/\/var\/log\/nginx\//g, `${opts.logDir}/`);
  for (const must of [`127.0.0.1:${opts.port}`, opts.dist, `127.0.0.1:${opts.replicas[0]}`]) {
    if (!out.includes(must)) throw new Error(`deploy/nginx/ruby-explorer.conf changed shape: could not substitute ${must}`);
  }
  return out;
}

export interface Nginx {
  proc: GroupProcess;
  url: string;
  dir: string;
  stop(): Promise<void>;
}

/** Worker processes and connections per worker (each proxied WebSocket holds two: the client's and the replica's). */
export interface NginxCapacity {
  workers: number;
  workerConnections: number;
}

export async function startNginx(
  bin: string,
  opts: { port: number; replicas: number[]; dist: string; capacity?: NginxCapacity },
): Promise<Nginx> {
  const capacity = opts.capacity ?? { workers: 1, workerConnections: 1024 };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ruby-nginx-'));
  // As root, nginx's workers run as nobody: they must reach the temp folders (and dist/).
  fs.chmodSync(dir, 0o777);
  const asRoot = process.getuid?.() === 0;
  fs.writeFileSync(path.join(dir, 'site.conf'), renderSite({ ...opts, logDir: dir }));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `    ${t}_temp_path ${dir}/${t}_temp;`).join('\n');
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      asRoot ? 'user nobody nogroup;' : '',
      `worker_processes ${capacity.workers};`,
      `worker_rlimit_nofile ${capacity.workerConnections + 1024};`,
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      `events { worker_connections ${capacity.workerConnections}; }`,
      'http {',
      '    include /etc/nginx/mime.types;',
      '    default_type application/octet-stream;',
      temp,
      `    include ${dir}/site.conf;`,
      '}',
    ].join('\n'),
  );
  execFileSync(bin, ['-t', '-q', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'pipe' });
  const proc = spawnGroup(bin, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    cwd: dir,
    env: process.env,
    logName: 'scaleout-nginx',
    signalTarget: 'leader',
    stopSignal: 'SIGQUIT',
  });
  const url = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await fetch(`${url}${apiPaths.health()}`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not answer:\n${proc.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    proc,
    url,
    dir,
    async stop() {
      await proc.stop(5_000);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
