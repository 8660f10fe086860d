/**
 * The address page's Events tab: a contract's logs newest first with the transaction and block
 * of each, paged through /getAddressEvents (page 2 asked on Next), and the hook that shows the
 * tab only for an address that emitted any.
 */
import { fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LogItem } from '../../../../common/api/logs';
import { makeStore } from '../../../../src/app/store';
import { EventsTab, useHasEvents } from '../../../../src/sections/addresses/EventsTab';
import { ADDRESS_TEXTS } from '../../../../src/features/addresses/texts';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { mockApi, ok, type FetchMock } from '../../../helpers/fetchMock';
import { FROM, HASH, HASH2, TO } from '../transactions/fixtures';
import { pathMatcher, paths } from '../../../../common/api/paths';

vi.setConfig({ testTimeout: 20_000 });

let api: FetchMock | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

const log = (hash: string, blockNumber: number, logIndex: number): LogItem => ({
  logIndex,
  blockNumber,
  timestamp: 1_795_336_000,
  createdAt: '2026-11-22T10:13:20.000Z',
  hash,
  address: TO,
  topics: ['0x1c411e9a96e071241c2f21f7726b17ae89e3cab4c78be50e062b03a9fffbbad1'],
  data: '0x' + '00'.repeat(63) + '07',
  decoded: {
    name: 'Sync',
    signature: 'Sync(uint256,uint256)',
    source: 'standard',
    args: [
      { name: 'reserve0', type: 'uint256', indexed: false, value: '7' },
      { name: 'reserve1', type: 'uint256', indexed: false, value: '0' },
    ],
  },
});

/** The tab's page lives in the URL (?page=): Next moves it there. */
function Paged() {
  return <EventsTab address={TO} />;
}

describe('Events tab', () => {
  it("lists the contract's events with their transaction and block, and pages through them", async () => {
    api = mockApi([
      [
        pathMatcher('addressEvents'),
        (path) =>
          path.includes('/2/')
            ? ok([log(HASH2, 3, 0)], { totalTransactions: 21, totalPages: 2, currentPage: 2 })
            : ok([log(HASH, 9, 1), log(HASH, 9, 0)], { totalTransactions: 21, totalPages: 2, currentPage: 1 }),
      ],
    ]);
    renderWithProviders(<Paged />, { path: `/address/${TO}` });
    const list = await screen.findByRole('list', { name: ADDRESS_TEXTS.captions.events });
    const cards = () =>
      within(screen.getByRole('list', { name: ADDRESS_TEXTS.captions.events }))
        .getAllByRole('listitem')
        .filter((li) => li.classList.contains('log-card'));
    expect(cards()).toHaveLength(2);
    expect(api.calls[0]).toBe(paths.addressEvents({ address: TO, page: 1, size: 20 }));
    expect(
      within(list)
        .getAllByRole('link')
        .filter((a) => a.getAttribute('href') === `/transaction/${HASH}`),
    ).toHaveLength(2);
    expect(cards()[0]).toHaveTextContent('Block 9');
    expect(cards()[0]).toHaveTextContent('Sync(uint256 reserve0, uint256 reserve1)');
    fireEvent.click(screen.getByRole('button', { name: /next/i }));
    await waitFor(() => expect(api!.calls).toContain(paths.addressEvents({ address: TO, page: 2, size: 20 })));
    await waitFor(() => expect(cards()[0]).toHaveTextContent('Block 3'));
    expect(cards()).toHaveLength(1);
  });

  it('shows the tab only for an address that emitted events', async () => {
    api = mockApi([
      [
        pathMatcher('addressEvents'),
        (path) =>
          path.includes(FROM)
            ? ok([], { totalTransactions: 0, totalPages: 0, currentPage: 1 })
            : ok([log(HASH, 9, 0)], { totalTransactions: 1, totalPages: 1, currentPage: 1 }),
      ],
    ]);
    const store = makeStore();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    const contract = renderHook(() => useHasEvents(TO), { wrapper });
    const account = renderHook(() => useHasEvents(FROM), { wrapper });
    await waitFor(() => expect(contract.result.current).toBe(true));
    await waitFor(() => expect(api!.calls).toContain(paths.addressEvents({ address: FROM, page: 1, size: 20 })));
    expect(account.result.current).toBe(false);
  });
});
