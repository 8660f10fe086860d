/**
 * Issue #17 (live blocks): a new block re-renders its own card and what shows the head, not the
 * page. Counted through the Age element every card, list row and the status line render: after a
 * push of the latest blocks (equal blocks in new objects, as a real socket delivers them), no Age
 * of an older block or of a transaction row renders again.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { HomePage } from '../../../../src/features/home/HomePage';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { BLOCKS, block } from './fixtures';
import { answerLive, serveApi } from './homeSetup';
import { hub } from './liveHub';

vi.mock('../../../../src/app/socket', async () => (await import('./liveHub')).socketModule);

/** Renders of Age by the time it shows. */
const renders = vi.hoisted(() => new Map<string, number>());
vi.mock('../../../../src/ui/Age', () => ({
  Age({ time, className }: { time: number | string; className?: string }) {
    renders.set(String(time), (renders.get(String(time)) ?? 0) + 1);
    return <time className={className}>{String(time)}</time>;
  },
}));

vi.setConfig({ testTimeout: 20_000 });
const settle = () => act(() => new Promise<void>((r) => setTimeout(r, 50)));

beforeEach(() => {
  hub.reset();
  renders.clear();
});

it('a pushed block renders its card and the status line only', async () => {
  serveApi();
  answerLive();
  renderWithProviders(<HomePage />);
  const blocks = screen.getByRole('region', { name: 'Latest Blocks' });
  await within(blocks).findByText('Block #100');
  await waitFor(() => expect(hub.listenerCount('getblock')).toBeGreaterThan(0));
  await waitFor(() =>
    expect(screen.getByRole('region', { name: 'Latest Transactions' }).querySelectorAll('time').length).toBeGreaterThan(0),
  );
  await settle();
  const rowsBefore = [...renders.keys()];
  expect(rowsBefore.length).toBeGreaterThan(5);

  renders.clear();
  const fresh = block(101, 9);
  // The same older blocks as fresh objects (JSON from the socket): only block 101 is new.
  act(() => hub.push('getblock', { blockdata: [fresh, ...BLOCKS.map((b) => ({ ...b }))] }));
  await within(blocks).findByText('Block #101');
  await settle();
  // Block 101's card and the status line ('latest block 101, Ns ago') show its time; nothing else rendered an Age.
  expect([...renders.keys()]).toEqual([String(fresh.timestamp)]);
  expect(renders.get(String(fresh.timestamp))).toBeLessThanOrEqual(4);
});
