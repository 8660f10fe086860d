/**
 * Test files run several at a time (vitest.config.ts: node + dom three, e2e two); the files that
 * assert a time bound (ALONE_FILES) run with no other file at once. Every node, dom and e2e file
 * takes a slot in a `beforeAll` of testSlotsSetup.ts: a shared one, or the whole run for an ALONE
 * file. The slots are files in one folder per vitest run (its workers share the parent process):
 * `alone` (holding the pid of its owner) and `shared/<pid>`; a slot whose process died is taken back.
 *
 * A file that asserts a time bound (a latency, a p99, "within N ms") belongs in ALONE_FILES.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Files that run alone (time bounds, or a whole `npm ci` in a clone), from the repository root. */
export const ALONE_FILES: readonly string[] = [
  'tests/e2e/watchlist.test.ts',
  'tests/e2e/nodeOutage.test.ts',
  'tests/e2e/delivery.test.ts',
  'tests/server/chain/compile.test.ts',
  'tests/server/chain/nodeHealth.test.ts',
  'tests/server/chain/rpc.test.ts',
  'tests/server/api/opsReady.test.ts',
  'tests/server/api/nodeOutage.test.ts',
  'tests/server/closeHttp.test.ts',
  'tests/server/db/outage.test.ts',
  'tests/server/lifecycle.test.ts',
  'tests/server/splitShutdown.test.ts',
  'tests/server/indexer/stopMidCatchUp.test.ts',
];

export const runsAlone = (file: string): boolean => ALONE_FILES.some((f) => file.replaceAll('\\', '/').endsWith(`/${f}`));

/** The slots of this vitest run: one folder per parent process (the run's test workers are its children). */
export const slotsDir = (): string => path.join(os.tmpdir(), `ruby-test-slots-${process.ppid}`);

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid in a slot file; NaN while its owner has not written it yet (counted as alive). */
function ownerOf(file: string): number | null {
  try {
    const text = fs.readFileSync(file, 'utf8').trim();
    return text === '' ? Number.NaN : Number(text);
  } catch {
    return null; // gone
  }
}

/** Whether the slot file is held by a live process; removes it when its owner died. */
function held(file: string): boolean {
  const pid = ownerOf(file);
  if (pid === null) return false;
  if (Number.isNaN(pid) || alive(pid)) return true;
  fs.rmSync(file, { force: true });
  return false;
}

const liveShared = (dir: string): string[] =>
  fs
    .readdirSync(path.join(dir, 'shared'))
    .map((name) => path.join(dir, 'shared', name))
    .filter(held);

/**
 * Waits for a slot in `dir` and returns its release. `alone`: no other file holds a slot
 * meanwhile (files waiting for a shared slot let an `alone` one go first).
 */
export async function takeSlot(dir: string, alone: boolean, pollMs = 250): Promise<() => void> {
  const aloneFile = path.join(dir, 'alone');
  fs.mkdirSync(path.join(dir, 'shared'), { recursive: true });
  if (alone) {
    for (;;) {
      try {
        fs.writeFileSync(aloneFile, String(process.pid), { flag: 'wx' });
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        if (!held(aloneFile)) continue;
        await sleep(pollMs);
      }
    }
    // The claim is visible: no new shared slot is taken; wait for the files already running.
    while (liveShared(dir).length > 0) await sleep(pollMs);
    return () => fs.rmSync(aloneFile, { force: true });
  }
  const mine = path.join(dir, 'shared', String(process.pid));
  for (;;) {
    if (held(aloneFile)) {
      await sleep(pollMs);
      continue;
    }
    fs.writeFileSync(mine, String(process.pid));
    // An `alone` file may have claimed the machine between the check and the write: it waits for
    // this slot, so step back and let it run first.
    if (!held(aloneFile)) return () => fs.rmSync(mine, { force: true });
    fs.rmSync(mine, { force: true });
  }
}
