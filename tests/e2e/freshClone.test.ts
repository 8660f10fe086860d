/**
 * The newcomer's first five minutes (CI only): clone the repository (its HEAD: uncommitted work is
 * not in the clone, as for anyone cloning it), run the README's run command exactly as written,
 * wait for the home page to show indexed blocks in chromium, press Ctrl-C, remove the folder.
 * Only the ports and the block time are set (free ports, a block every second to keep it short).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { SCREEN_TITLES } from '../../common/spec';
import { launchBrowser, screenshot, visit } from '../helpers/browser';
import { groupAlive, spawnGroup, tail, type GroupProcess } from '../helpers/processGroup';
import { REPO_ROOT, cleanProductEnv, pollUntil, readIndexingStatus, type IndexingStatus } from '../helpers/product';

const IN_CI = process.env.CI === 'true';

/** What the home page must show once blocks are indexed. */
const HOME_TEXTS: string[] = [SCREEN_TITLES.home];

let workDir: string | null = null;
let proc: GroupProcess | null = null;

afterAll(async () => {
  if (proc) {
    const { pgid } = proc;
    await proc.stop();
    expect(groupAlive(pgid), 'a process started by the README command outlived Ctrl-C').toBe(false);
  }
  if (workDir) {
    fs.rmSync(workDir, { recursive: true, force: true });
    expect(fs.existsSync(workDir)).toBe(false);
  }
}, 120_000);

/** The command of the README's 'The two commands' block that runs the product. */
function readmeRunCommand(readme: string): string {
  const block = readme.split('## The two commands')[1]?.match(/```sh\n([\s\S]*?)```/)?.[1] ?? '';
  const line = block.split('\n').find((l) => /\bnpm start\b/.test(l));
  if (!line) throw new Error("README.md: no 'npm start' line in the code block under '## The two commands'");
  return line.replace(/#.*$/, '').trim();
}

async function freePort(): Promise<number> {
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
function newcomerEnv(): NodeJS.ProcessEnv {
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

it('a fresh clone starts with the README command and the home page shows indexed blocks', async (ctx) => {
  ctx.skip(!IN_CI, 'CI only (set CI=true): clones the repository and runs `npm ci && npm start` in it');

  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ruby-fresh-clone-'));
  const clone = path.join(workDir, 'ruby-explorer');
  execFileSync('git', ['clone', '--quiet', REPO_ROOT, clone], { stdio: 'pipe' });
  const command = readmeRunCommand(fs.readFileSync(path.join(clone, 'README.md'), 'utf8'));
  expect(command).toMatch(/npm start/);

  const port = await freePort();
  const devnetPort = await freePort();
  const env = { ...newcomerEnv(), PORT: String(port), DEVNET_PORT: String(devnetPort), DEVNET_BLOCK_TIME: '1' };
  const started = Date.now();
  proc = spawnGroup('bash', ['-c', command], { cwd: clone, env, logName: 'fresh-clone', stopSignal: 'SIGINT', signalTarget: 'group' });

  const url = `http://127.0.0.1:${port}`;
  const printed = (await proc.waitForOutput(/Ruby Explorer: (http:\/\/[^\s,()]+)/, 600_000))[1];
  expect(printed, 'the URL in the start-up line').toBe(url);
  const upAfter = Date.now() - started;

  let status: IndexingStatus | null = null;
  const p = proc;
  await pollUntil(
    async () => {
      status = await readIndexingStatus(url);
      return status !== null && status.indexedBlock !== null && status.indexedBlock >= 3;
    },
    180_000,
    () => `no indexed blocks (last status ${JSON.stringify(status)}):\n${tail(p.output())}`,
    () => (p.exitInfo() ? `\`${command}\` exited:\n${tail(p.output())}` : null),
  );

  const browser = await launchBrowser();
  try {
    const v = await visit(browser, url, '/', { viewport: 'desktop' });
    try {
      await screenshot(v.page, 'fresh-clone/home');
      const title = (await v.page.locator('main h1').first().innerText()).trim();
      const main = await v.page.locator('main').first().innerText();
      const failures = [
        ...v.problems,
        ...(title === SCREEN_TITLES.home ? [] : [`home title '${title}'`]),
        ...HOME_TEXTS.filter((t) => !main.includes(t)).map((t) => `home page does not show '${t}'`),
        ...((await v.page.locator('header nav').first().isVisible()) ? [] : ['no header navigation']),
        ...((await v.page.locator('footer').first().isVisible()) ? [] : ['no footer']),
      ];
      expect(failures, `home page of the fresh clone (${url})`).toEqual([]);
    } finally {
      await v.close();
    }
  } finally {
    await browser.close();
  }
  console.log(`fresh clone: \`${command}\` served ${url} after ${Math.round(upAfter / 1000)} s; indexed block ${JSON.stringify(status)}`);

  const stopped = await proc.stop();
  expect(stopped.forced, `Ctrl-C did not stop \`${command}\` within 20 s:\n${tail(proc.output())}`).toBe(false);
}, 900_000);
