/**
 * A newcomer's copy of the product for the shipped suite: the repository's HEAD cloned into a
 * temporary folder (uncommitted work is not in the clone, as for anyone cloning it), the README's
 * run command read from the README itself, and a shell with none of this test run's npm, vitest
 * or product variables (nor its node_modules/.bin, nor NODE_ENV). Moved here from
 * tests/e2e/freshClone.test.ts.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, cleanProductEnv } from '../helpers/product';

/** The command of the README's 'The two commands' block that runs the product. */
export function readmeRunCommand(readme: string): string {
  const block = readme.split('## The two commands')[1]?.match(/```sh\n([\s\S]*?)```/)?.[1] ?? '';
  const line = block.split('\n').find((l) => /\bnpm start\b/.test(l));
  if (!line) throw new Error("README.md: no 'npm start' line in the code block under '## The two commands'");
  return line.replace(/#.*$/, '').trim();
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** A newcomer's shell: none of this test run's npm, vitest or product variables, nor its node_modules/.bin. */
export function newcomerEnv(): NodeJS.ProcessEnv {
  const env = cleanProductEnv();
  for (const k of Object.keys(env)) {
    if (/^(npm_|VITEST|INIT_CWD$|NODE_ENV$|TEST$|NODE_OPTIONS$)/i.test(k)) delete env[k];
  }
  const ownBin = path.join(REPO_ROOT, 'node_modules', '.bin');
  env.PATH = (env.PATH ?? '')
    .split(path.delimiter)
    .filter((p) => p !== '' && !p.startsWith(ownBin) && !/node_modules[\\/]\.bin/.test(p))
    .join(path.delimiter);
  return env;
}

/**
 * Clones the repository's HEAD (or SHIPPED_REF, e.g. an older commit to show what the suite
 * catches) into a fresh temporary folder: { workDir (to remove), clone }.
 */
export function cloneHead(): { workDir: string; clone: string } {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ruby-shipped-'));
  const clone = path.join(workDir, 'ruby-explorer');
  try {
    execFileSync('git', ['clone', '--quiet', REPO_ROOT, clone], { stdio: 'pipe' });
    const ref = process.env.SHIPPED_REF?.trim();
    if (ref) {
      const commit = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
      execFileSync('git', ['checkout', '--quiet', '--detach', commit], { cwd: clone, stdio: 'pipe' });
    }
  } catch (err) {
    fs.rmSync(workDir, { recursive: true, force: true });
    throw err;
  }
  return { workDir, clone };
}

/**
 * npm's engine notices on Node 20: content-disposition@3 (@fastify/static) and cookie@2 (fastify's
 * light-my-request) declare node >= 22 while package.json's engines say >= 20. Known and listed
 * apart (issue #38 report), not hidden: the suite prints them.
 */
export const ENGINE_NOTICE = /^npm warn EBADENGINE\b/;

/** Lines of a log that are warnings or stack-trace frames (npm's, Node's, React's, the product's). */
export function logProblems(log: string): string[] {
  return (
    log
      .split('\n')
      .filter((l) => !ENGINE_NOTICE.test(l.trim()))
      // npm echoes package.json's build:server script, which names esbuild's --log-level=warning.
      .map((l) => l.replace(/--log-level=warning\b/g, ''))
      .filter((l) => /\bwarn(ing)?\b|DeprecationWarning|ExperimentalWarning|^\s+at .+:\d+:\d+\)?$|took \d+ms/i.test(l))
      .map((l) => l.trim())
  );
}
