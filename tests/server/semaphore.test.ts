/** server/semaphore.ts: the cap holds, a released place goes to the longest waiter, waiters give up in time. */
import { describe, expect, it } from 'vitest';
import { TimedSemaphore } from '../../server/semaphore';

class Busy extends Error {}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('TimedSemaphore', () => {
  it('hands a released place to the longest waiter: a newcomer cannot take it in between', async () => {
    const s = new TimedSemaphore(2, 1_000, () => new Busy());
    await s.acquire();
    await s.acquire();
    const order: string[] = [];
    const first = s.acquire().then(() => order.push('first'));
    const second = s.acquire().then(() => order.push('second'));
    expect(s.queued).toBe(2);
    s.release();
    // A newcomer right after the release waits behind the others.
    const newcomer = s.acquire().then(() => order.push('newcomer'));
    await first;
    expect(s.inUse).toBe(2);
    s.release();
    await second;
    s.release();
    await newcomer;
    expect(order).toEqual(['first', 'second', 'newcomer']);
    expect(s.inUse).toBe(2);
    expect(s.queued).toBe(0);
  });

  it('a waiter gives up after queueMs with the busy error and takes no place', async () => {
    const s = new TimedSemaphore(1, 50, () => new Busy('full'));
    await s.acquire();
    const t = Date.now();
    await expect(s.acquire()).rejects.toBeInstanceOf(Busy);
    expect(Date.now() - t).toBeGreaterThanOrEqual(45);
    expect(s.queued).toBe(0);
    s.release();
    expect(s.inUse).toBe(0);
    await s.acquire();
    await sleep(1);
    expect(s.inUse).toBe(1);
  });
});
