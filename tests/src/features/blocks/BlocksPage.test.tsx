import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BlockListItem } from '../../../../common/api/blocks';
import { BlocksPage } from '../../../../src/features/blocks/BlocksPage';
import { BLOCK_TEXTS } from '../../../../src/features/blocks/texts';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { fail, mockApi, ok, type ApiMock } from '../../../helpers/fetchMock';
import { MINER, blockItem } from '../transactions/fixtures';
import { pathMatcher, paths } from '../../../../common/api/paths';

// Role queries over 20-row tables are slow in jsdom on this 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

// The live channel at its edge: capture what the page subscribes to and push by hand.
const live = vi.hoisted(() => ({
  listeners: new Map<string, ((payload: unknown) => void)[]>(),
  stopped: 0,
}));
vi.mock('../../../../src/app/socket', () => ({
  subscribeLive: (request: string, onUpdate: (payload: unknown) => void) => {
    const list = live.listeners.get(request) ?? [];
    list.push(onUpdate);
    live.listeners.set(request, list);
    return () => {
      live.stopped += 1;
      live.listeners.set(
        request,
        (live.listeners.get(request) ?? []).filter((f) => f !== onUpdate),
      );
    };
  },
}));

function push(blockdata: BlockListItem[]) {
  act(() => {
    for (const f of live.listeners.get('getblock') ?? []) f({ blockdata });
  });
}

let api: ApiMock | null = null;
beforeEach(() => {
  live.listeners.clear();
  live.stopped = 0;
});
afterEach(() => {
  api?.restore();
  api = null;
});

/** Blocks top, top-1, … for page n of a chain whose head is `head`. */
function blocksPage(page: number, head = 100) {
  const top = head - (page - 1) * 20;
  const items = Array.from({ length: Math.min(20, top + 1) }, (_, i) => blockItem(top - i));
  return ok(items, { totalTransactions: head + 1, totalPages: Math.ceil((head + 1) / 20), currentPage: page });
}
const pageOf = (path: string) => Number(/\/getBlocks\/(\d+)\//.exec(path)?.[1] ?? 0);

function render(path = '/Allblock') {
  return renderWithProviders(<BlocksPage />, { path });
}

describe('BlocksPage', () => {
  it("shows the tabs and 'Loading...' until blocks arrive", () => {
    api = mockApi([[pathMatcher('blocks'), 'pending']]);
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Blocks' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['All', 'Forked', 'Uncles']);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('lists Block, Size bytes, Validator, Txn, Gas used and age', async () => {
    api = mockApi([[pathMatcher('blocks'), (p) => blocksPage(pageOf(p))]]);
    render();
    const table = await screen.findByRole('table', { name: BLOCK_TEXTS.listCaption });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Block', 'Size bytes', 'Validator', 'Txn', 'Gas used', 'Age']);
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByRole('link', { name: '100' })).toHaveAttribute('href', '/Block/100');
    expect(within(first).getByText('4,762')).toBeInTheDocument();
    expect(within(first).getByTitle(MINER).closest('a')).toHaveAttribute('href', `/address/${MINER}`);
    expect(within(first).getByText('1,076,358')).toBeInTheDocument();
    expect(within(first).getByText(/ago$/)).toBeInTheDocument();
    expect(api.calls).toContain(paths.blocks({ page: 1, size: 20 }));
    expect(screen.getByText('Page 1 of 6')).toBeInTheDocument();
  });

  it('page 1 follows new blocks live; other pages do not move', async () => {
    api = mockApi([[pathMatcher('blocks'), (p) => blocksPage(pageOf(p))]]);
    render();
    expect(await screen.findByText('81')).toBeInTheDocument();
    expect(live.listeners.get('getblock')).toHaveLength(1);
    // The store batches the live patch: the rows change on the next tick.
    push([blockItem(102), blockItem(101), blockItem(100)]);
    expect(await screen.findByText('102')).toHaveAttribute('href', '/Block/102');
    const links = [...document.querySelectorAll('tbody tr td:first-child a')].map((a) => a.textContent);
    expect(links).toHaveLength(20);
    expect(links[0]).toBe('102');
    expect(links[19]).toBe('83');
    expect(screen.getByText('Page 1 of 6')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('61')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 6')).toBeInTheDocument();
    // Page 1's cache entry may still follow the chain in the background; page 2 stays put.
    push([blockItem(103)]);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('103')).toBeNull();
    expect(screen.getByText('80')).toBeInTheDocument();
  });

  it('keeps the page in the URL', async () => {
    api = mockApi([[pathMatcher('blocks'), (p) => blocksPage(pageOf(p))]]);
    const { history } = render('/AllBlock?page=3');
    expect(await screen.findByText('Page 3 of 6')).toBeInTheDocument();
    expect(api.calls).toContain(paths.blocks({ page: 3, size: 20 }));
    expect(live.listeners.get('getblock') ?? []).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 2 of 6')).toBeInTheDocument();
    expect(history.at(-1)).toBe('/AllBlock?page=2');
  });

  it('says so when the list fails, and retries', async () => {
    let fails = true;
    api = mockApi([[pathMatcher('blocks'), (p) => (fails ? fail(500, 'boom') : blocksPage(pageOf(p)))]]);
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent(BLOCK_TEXTS.listError);
    fails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: BLOCK_TEXTS.listCaption })).toBeInTheDocument();
  });

  it('shows an empty text before any block is indexed', async () => {
    api = mockApi([[pathMatcher('blocks'), ok([], { totalTransactions: 0, totalPages: 0, currentPage: 1 })]]);
    render();
    expect(await screen.findByText(BLOCK_TEXTS.noBlocks)).toBeInTheDocument();
  });

  it('Forked and Uncles show their empty texts', () => {
    api = mockApi([[pathMatcher('blocks'), 'pending']]);
    render();
    fireEvent.click(screen.getByRole('tab', { name: 'Forked' }));
    expect(screen.getByText('No Forked transactions')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Uncles' }));
    expect(screen.getByText('No Uncles transactions')).toBeInTheDocument();
  });
});
