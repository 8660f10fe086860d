import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { exitOnSignals, runShutdown, type ShutdownStep } from '../../server/shutdown';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function recorder() {
  const lines: string[] = [];
  return { lines, log: (m: string) => lines.push(m) };
}

describe('shutdown', () => {
  it('runs the steps in order and logs each start and end', async () => {
    const { lines, log } = recorder();
    const ran: string[] = [];
    const steps: ShutdownStep[] = ['http', 'indexer', 'anvil', 'database'].map((name) => ({
      name,
      run: async () => {
        ran.push(name);
        await sleep(10);
      },
    }));
    const r = await runShutdown(steps, log);
    expect(r.ok).toBe(true);
    expect(ran).toEqual(['http', 'indexer', 'anvil', 'database']);
    expect(lines.filter((l) => /^shutdown: \w+$/.test(l))).toEqual([
      'shutdown: http',
      'shutdown: indexer',
      'shutdown: anvil',
      'shutdown: database',
    ]);
    expect(lines.at(-1)).toMatch(/^shutdown: complete in \d+ ms$/);
  });

  it('a hung or failing step is named, and the later steps still run', async () => {
    const { lines, log } = recorder();
    const ran: string[] = [];
    const r = await runShutdown(
      [
        { name: 'http', maxMs: 200, run: () => new Promise(() => {}) },
        {
          name: 'indexer',
          run: async () => {
            throw new Error('boom');
          },
        },
        {
          name: 'database',
          run: async () => {
            ran.push('database');
          },
        },
      ],
      log,
      5_000,
    );
    expect(r.ok).toBe(false);
    expect(r.failed).toEqual(['http', 'indexer']);
    expect(ran).toEqual(['database']);
    expect(lines).toContain('shutdown: http did not finish within 200 ms; going on');
    expect(lines).toContain('shutdown: indexer failed: boom');
  });

  it('exits 0 after the steps, 1 by the deadline naming the stuck step, 1 at once on a second signal', async () => {
    const exits: number[] = [];
    const ok = new EventEmitter();
    exitOnSignals({ log: () => {}, steps: () => [{ name: 'x', run: () => sleep(10) }], signals: ok, exit: (c) => exits.push(c) });
    ok.emit('SIGTERM');
    await sleep(200);
    expect(exits).toEqual([0]);

    const stuck = recorder();
    const hungExits: number[] = [];
    const hung = new EventEmitter();
    exitOnSignals({
      log: stuck.log,
      deadlineMs: 500,
      steps: () => [{ name: 'indexer', run: () => new Promise(() => {}) }],
      signals: hung,
      exit: (c) => hungExits.push(c),
    });
    hung.emit('SIGINT');
    await sleep(800);
    expect(hungExits[0]).toBe(1);
    // The step's budget is the deadline less a reserve for the last words (200 ms here), less the
    // few ms the loop took to start it on a busy machine.
    const budgets = stuck.lines
      .map((l) => /^shutdown: indexer did not finish within (\d+) ms; going on$/.exec(l)?.[1])
      .filter((b) => b !== undefined)
      .map(Number);
    expect(budgets).toHaveLength(1);
    expect(budgets[0]).toBeGreaterThan(150);
    expect(budgets[0]).toBeLessThanOrEqual(200);
    expect(hungExits).toEqual([1]);

    const twice = recorder();
    const twiceExits: number[] = [];
    const em = new EventEmitter();
    exitOnSignals({
      log: twice.log,
      steps: () => [{ name: 'anvil', run: () => sleep(5_000) }],
      signals: em,
      exit: (c) => twiceExits.push(c),
    });
    em.emit('SIGTERM');
    await sleep(50);
    em.emit('SIGINT');
    expect(twiceExits).toEqual([1]);
    expect(twice.lines).toContain('SIGINT again during shutdown (in: anvil): exiting now');
  });
});
