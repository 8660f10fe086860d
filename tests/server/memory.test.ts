/**
 * The idle collector (server/memory.ts): one full collection when the thread is quiet and its heap
 * has grown, none while it is busy.
 */
import v8 from 'node:v8';
import { afterEach, describe, expect, it } from 'vitest';
import { fullCollector, startIdleCollector, type IdleCollector } from '../../server/memory';

const MB = 1024 * 1024;
const used = () => v8.getHeapStatistics().used_heap_size;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** About `mb` MB of objects that are garbage as soon as this returns. */
function litter(mb: number): number {
  const rows: { id: number; text: string }[] = [];
  for (let i = 0; i < mb * 10_000; i++) rows.push({ id: i, text: `row ${i} of some garbage` });
  return rows.length;
}

let collector: IdleCollector | null = null;
afterEach(() => {
  collector?.stop();
  collector = null;
});

describe('fullCollector', () => {
  it('gives a working gc() without --expose-gc on the command line', () => {
    const gc = fullCollector();
    expect(gc).toBeTypeOf('function');
    gc?.();
    const before = used();
    litter(16);
    expect(used() - before).toBeGreaterThan(4 * MB);
    gc?.();
    expect(used() - before).toBeLessThan(2 * MB);
  });
});

describe('startIdleCollector', () => {
  it('collects once the thread goes quiet after its heap grew', async () => {
    fullCollector()?.();
    collector = startIdleCollector({ everyMs: 50, minGrowthBytes: 4 * MB });
    const before = used();
    litter(16);
    expect(used() - before).toBeGreaterThan(4 * MB);
    for (let i = 0; i < 40 && collector.collections === 0; i++) await sleep(50);
    expect(collector.collections).toBeGreaterThanOrEqual(1);
    expect(used() - before).toBeLessThan(4 * MB);
  });

  it('leaves a quiet thread alone when its heap has not grown', async () => {
    fullCollector()?.();
    collector = startIdleCollector({ everyMs: 50, minGrowthBytes: 64 * MB });
    await sleep(400);
    expect(collector.collections).toBe(0);
  });

  it('never collects while the event loop is busy, and does once it goes quiet', async () => {
    fullCollector()?.();
    collector = startIdleCollector({ everyMs: 50, minGrowthBytes: 1 * MB });
    // 600 ms of work in 20 ms slices, yielding just long enough for timers to run. The heap grows
    // past minGrowthBytes, so only the busy loop holds the collector back.
    const before = used();
    let kept: string[][] | null = [];
    const end = Date.now() + 600;
    while (Date.now() < end) {
      const slice = Date.now() + 20;
      while (Date.now() < slice) kept.push(Array.from({ length: 1000 }, (_, i) => `kept ${i} ${kept?.length ?? 0}`));
      await new Promise((r) => setImmediate(r));
    }
    expect(used() - before).toBeGreaterThan(2 * MB);
    expect(collector.collections).toBe(0);
    kept = null;
    for (let i = 0; i < 40 && collector.collections === 0; i++) await sleep(50);
    expect(collector.collections).toBe(1);
  });
});
