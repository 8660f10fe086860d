/**
 * The transaction page's Logs tab and the log cards the address page's Events tab shares: a
 * decoded Swap and Transfer (name, each argument's name, type and value; addresses linked), a
 * raw log (topics and data, the "not decoded" note), the empty text, a failed load with Retry.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LogItem } from '../../../../common/api/logs';
import { TransactionPage } from '../../../../src/features/transactions/TransactionPage';
import { LOG_TEXTS } from '../../../../src/features/transactions/texts';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { fail, mockApi, ok, type FetchMock } from '../../../helpers/fetchMock';
import { FROM, HASH, TO, TOKEN, txDetail } from './fixtures';
import { pathMatcher, paths } from '../../../../common/api/paths';

vi.setConfig({ testTimeout: 20_000 });

let api: FetchMock | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

const TOPIC_SWAP = '0xd78ad95fa46c994b6551d0da85fc275fe613ce37657fb8d5e3d130840159d822';
const TOPIC_TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const pad = (a: string) => '0x' + a.slice(1).toLowerCase().padStart(64, '0');
const base = { blockNumber: 24, timestamp: 1_795_336_000, createdAt: '2026-11-22T10:13:20.000Z', hash: HASH };

const LOGS: LogItem[] = [
  {
    ...base,
    logIndex: 3,
    address: TOKEN,
    topics: [TOPIC_TRANSFER, pad(FROM), pad(TO)],
    data: '0x' + (10n ** 18n).toString(16).padStart(64, '0'),
    decoded: {
      name: 'Transfer',
      signature: 'Transfer(address,address,uint256)',
      source: 'standard',
      args: [
        { name: 'from', type: 'address', indexed: true, value: FROM },
        { name: 'to', type: 'address', indexed: true, value: TO },
        { name: 'value', type: 'uint256', indexed: false, value: '1000000000000000000' },
      ],
    },
  },
  {
    ...base,
    logIndex: 4,
    address: TO,
    topics: [TOPIC_SWAP, pad(FROM), pad(FROM)],
    data: '0x' + '00'.repeat(128),
    decoded: {
      name: 'Swap',
      signature: 'Swap(address,uint256,uint256,uint256,uint256,address)',
      source: 'verified',
      args: [
        { name: 'sender', type: 'address', indexed: true, value: FROM },
        { name: 'amount0In', type: 'uint256', indexed: false, value: '5' },
        { name: 'amount1In', type: 'uint256', indexed: false, value: '0' },
        { name: 'amount0Out', type: 'uint256', indexed: false, value: '0' },
        { name: 'amount1Out', type: 'uint256', indexed: false, value: '9' },
        { name: 'to', type: 'address', indexed: true, value: FROM },
      ],
    },
  },
  { ...base, logIndex: 5, address: TO, topics: ['0x' + '12'.repeat(32)], data: '0xabcdef', decoded: null },
];

async function openLogs(logs: Parameters<typeof mockApi>[0][number][1]) {
  api = mockApi([
    [pathMatcher('txData'), ok(txDetail())],
    [pathMatcher('txLogs'), logs],
  ]);
  renderWithProviders(<TransactionPage hash={HASH} />, { path: `/transaction/${HASH}` });
  fireEvent.click(await screen.findByRole('tab', { name: LOG_TEXTS.tab }));
}

describe('Logs tab', () => {
  it('lists every log: decoded events with named, typed arguments, and a raw one with its topics and data', async () => {
    await openLogs(ok(LOGS));
    const list = await screen.findByRole('list', { name: LOG_TEXTS.caption });
    const cards = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.classList.contains('log-card'));
    expect(cards).toHaveLength(3);
    expect(api!.calls).toContain(paths.txLogs(HASH));

    const [transfer, swap, raw] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(transfer).getByLabelText('Log index 3')).toBeInTheDocument();
    expect(transfer).toHaveTextContent('Transfer(address indexed from, address indexed to, uint256 value)');
    expect(transfer).toHaveTextContent(LOG_TEXTS.standardAbi);
    const rows = within(transfer)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['from', 'address (indexed)', FROM],
      ['to', 'address (indexed)', TO],
      ['value', 'uint256', '1000000000000000000'],
    ]);
    expect(within(transfer).getAllByRole('link', { name: FROM })[0]).toHaveAttribute('href', `/address/${FROM}`);
    expect(within(transfer).getByRole('link', { name: TOKEN })).toHaveAttribute('href', `/address/${TOKEN}`);

    expect(swap).toHaveTextContent(
      'Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
    );
    expect(swap).toHaveTextContent(LOG_TEXTS.verifiedAbi);
    expect(within(swap).getAllByRole('row')).toHaveLength(7);

    expect(raw).toHaveTextContent(LOG_TEXTS.raw);
    expect(raw).toHaveTextContent('0x' + '12'.repeat(32));
    expect(raw).toHaveTextContent('0xabcdef');
    expect(within(raw).queryByRole('table')).toBeNull();
  });

  it('says so when the transaction emitted no logs', async () => {
    await openLogs(ok([]));
    expect(await screen.findByText(LOG_TEXTS.empty)).toBeInTheDocument();
  });

  it('shows an error with Retry when the logs cannot be loaded, and loads them on Retry', async () => {
    let failNext = true;
    await openLogs(() => {
      const reply = failNext ? fail(503, 'Service unavailable') : ok(LOGS);
      failNext = false;
      return reply;
    });
    expect(await screen.findByText(LOG_TEXTS.loadFailed)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: LOG_TEXTS.caption })).toBeInTheDocument();
  });
});
