/**
 * Start-up errors an operator can act on, and who holds a TCP port.
 *
 * A port already taken must stop the start with a sentence naming the variable to change (never a
 * stack trace, never a silent fall-back to whatever answers there). On Linux the holder is found
 * from /proc/net/tcp{,6} (the listening socket's inode) and /proc/<pid>/fd (who has that inode);
 * elsewhere, or for another user's process, the message goes without the pid.
 */
import fs from 'node:fs';
import net from 'node:net';

/** A start-up failure whose message is the whole story: main prints it without a stack, exit 1. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

/** True when `host:port` can be listened on right now. */
export function portFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

export interface PortHolder {
  pid: number;
  /** Command line, clipped. */
  cmd: string;
}

const LISTEN = '0A';

/** Inodes of the sockets listening on `port` (any address), from /proc/net/tcp and tcp6. */
function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      const local = f[1];
      if (!local || f[3] !== LISTEN) continue;
      const hexPort = local.slice(local.lastIndexOf(':') + 1);
      if (Number.parseInt(hexPort, 16) === port && f[9]) inodes.add(f[9]);
    }
  }
  return inodes;
}

/** The command line of a process ('' when it cannot be read). */
export function processCmdline(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return '';
  }
}

/** The process listening on `port`, when /proc says (Linux, and a process we may inspect). */
export function portHolder(port: number): PortHolder | null {
  const inodes = listeningInodes(port);
  if (inodes.size === 0) return null;
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or another user's
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const m = /^socket:\[(\d+)\]$/.exec(target);
      if (m?.[1] && inodes.has(m[1])) {
        // An anvil's mnemonic (ours, or another devnet's) stays out of a message that names the holder.
        const cmd = processCmdline(Number(pid)).replace(/(--mnemonic|-m)\s+[a-z]+(?:\s+[a-z]+){11,23}\b/, '$1 [redacted]');
        return { pid: Number(pid), cmd: cmd.length > 160 ? `${cmd.slice(0, 160)}…` : cmd };
      }
    }
  }
  return null;
}

/** "DEVNET_PORT 8545 is in use by another process (pid 12, python3 -m http.server 8545); …" */
export function portInUseMessage(variable: string, port: number): string {
  const holder = portHolder(port);
  const who = holder ? ` (pid ${holder.pid}${holder.cmd ? `, ${holder.cmd}` : ''})` : '';
  return `${variable} ${port} is in use by another process${who}: stop it or set ${variable} to a free port`;
}

/** Fastify's listen error on a taken port, as the StartupError naming `variable`; others as they are. */
export function listenError(err: unknown, variable: string, port: number): unknown {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'EADDRINUSE' ? new StartupError(portInUseMessage(variable, port)) : err;
}

/** Refuses to start when `host:port` is taken (port 0 = any free port, never taken). */
export async function assertPortFree(variable: string, host: string, port: number): Promise<void> {
  if (port !== 0 && !(await portFree(host, port))) throw new StartupError(portInUseMessage(variable, port));
}
