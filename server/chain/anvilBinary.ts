/**
 * Where the anvil binary lives. In order:
 *  1. `ANVIL_BIN` (an explicit path, e.g. a Foundry install on macOS),
 *  2. the npm platform package `@foundry-rs/anvil-<platform>-<arch>` (an optional dependency:
 *     the registry we install from carries only the linux-amd64 build, so that is the one
 *     package.json lists; other platforms fall through to 3),
 *  3. `anvil` on PATH (Foundry's `foundryup`).
 * We spawn the binary directly so that our signals (SIGTERM → anvil dumps its state) reach anvil
 * itself and no extra Node process sits in between.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

/** npm platform package names use amd64/arm64 where Node says x64/arm64. */
const ARCH: Partial<Record<string, string>> = { x64: 'amd64', arm64: 'arm64' };

export function anvilPackageName(platform: string = process.platform, arch: string = process.arch): string | null {
  const a = ARCH[arch];
  if (!a || !['linux', 'darwin', 'win32'].includes(platform)) return null;
  return `@foundry-rs/anvil-${platform}-${a}`;
}

function fromPackage(): string | null {
  const pkg = anvilPackageName();
  if (!pkg) return null;
  const require = createRequire(import.meta.url);
  try {
    const dir = path.dirname(require.resolve(`${pkg}/package.json`));
    const bin = path.join(dir, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
    return fs.existsSync(bin) ? bin : null;
  } catch {
    return null;
  }
}

function fromPath(env: NodeJS.ProcessEnv): string | null {
  const exe = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, exe);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

export function anvilBinaryPath(env: NodeJS.ProcessEnv = process.env): string {
  const explicit = env.ANVIL_BIN?.trim();
  if (explicit) {
    if (!fs.existsSync(explicit)) throw new Error(`ANVIL_BIN points to ${explicit}, which does not exist`);
    return explicit;
  }
  const found = fromPackage() ?? fromPath(env);
  if (found) return found;
  throw new Error(
    `No anvil binary for ${process.platform}/${process.arch}: the npm package ${anvilPackageName() ?? '(none for this platform)'} ` +
      'is not installed and there is no anvil on PATH. Install Foundry (https://getfoundry.sh) or set ANVIL_BIN, ' +
      'or set RUBY_RPC_URL to a running node instead of the bundled devnet.',
  );
}
