/**
 * The latest blocks and transactions pushed as changes (issue #44 item 3): the home's RTK caches,
 * fed through the real src/app/socket.ts, merge each push of new rows into the lists they hold
 * (trimmed to the list's length), and a push that does not follow what the page holds (a missed
 * push) makes it ask the channel for the whole lists again, then converge. socket.io-client is
 * replaced at the edge by a socket that answers each request as the server does.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_LIST_ROWS, liveRow } from '../../../../common/api/liveLists';
import { HomePage } from '../../../../src/features/home/HomePage';
import { resetSocket } from '../../../../src/app/socket';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { BLOCKS, GRAPH, HOME, block, tx } from './fixtures';
import { serveApi } from './homeSetup';

const server = vi.hoisted(() => {
  type Fn = (...args: unknown[]) => void;
  const listeners = new Map<string, Fn[]>();
  const updateOf: Record<string, string> = {
    gethomedata: 'getgethomedata-update',
    getTransactionGraph: 'getTransactionGraph-update',
    subscribe: 'Transaction-update',
    getblock: 'getblock-update',
  };
  const socket = {
    connected: false,
    emitted: [] as string[],
    /** The whole answer of each request, as the server would give it now. */
    answers: new Map<string, unknown>(),
    on(event: string, fn: Fn) {
      listeners.set(event, [...(listeners.get(event) ?? []), fn]);
      return socket;
    },
    off(event: string, fn: Fn) {
      listeners.set(
        event,
        (listeners.get(event) ?? []).filter((f) => f !== fn),
      );
      return socket;
    },
    emit(request: string) {
      socket.emitted.push(request);
      const answer = socket.answers.get(request);
      const event = updateOf[request];
      if (answer !== undefined && event) setTimeout(() => socket.fire(event, answer), 0);
      return socket;
    },
    disconnect() {
      socket.connected = false;
      return socket;
    },
    connect() {
      return socket;
    },
    fire(event: string, ...args: unknown[]) {
      if (event === 'connect') socket.connected = true;
      for (const fn of listeners.get(event) ?? []) fn(...args);
    },
    reset() {
      listeners.clear();
      socket.emitted = [];
      socket.answers.clear();
      socket.connected = false;
    },
  };
  const io = () => {
    setTimeout(() => socket.fire('connect'), 0);
    return socket;
  };
  return { socket, io };
});
vi.mock('socket.io-client', () => ({ io: server.io }));

const panel = (name: string) => screen.getByRole('region', { name });
const asked = (request: string) => server.socket.emitted.filter((e) => e === request).length;
const settle = () => act(() => new Promise<void>((r) => setTimeout(r, 30)));

// Whole-page renders with charts are slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const rows = (xs: ReturnType<typeof tx>[], summary: boolean) => xs.map((t) => liveRow(t, summary));
const HISTORY = Array.from({ length: LIVE_LIST_ROWS }, (_, i) => tx(LIVE_LIST_ROWS - i, { transactionIndex: LIVE_LIST_ROWS - i }));
const TRANSACTIONS = {
  TransactionHistories: rows(HISTORY, true),
  Contracttransaction: rows([tx(201, { transactiontype: 3, transactionIndex: 0 })], false),
  Tokentransaction: [],
  v: 't100',
};

describe('home lists pushed as changes', () => {
  beforeEach(() => {
    server.socket.reset();
    localStorage.clear();
    server.socket.answers.set('gethomedata', { blockandtrncount: [HOME] });
    server.socket.answers.set('getTransactionGraph', { TransactionGraph: GRAPH });
    server.socket.answers.set('getblock', { blockdata: BLOCKS, v: 'b100' });
    server.socket.answers.set('subscribe', TRANSACTIONS);
  });
  afterEach(() => {
    resetSocket();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('merges the new rows of each push into the lists shown, newest first, at most the list length', async () => {
    serveApi();
    renderWithProviders(<HomePage />);
    await within(panel('Latest Blocks')).findByText('Block #100');
    await waitFor(() => expect(within(panel('Latest Transactions')).getAllByText('1.5 RUBY')).toHaveLength(LIVE_LIST_ROWS));
    await settle();
    const askedBefore = { subscribe: asked('subscribe'), getblock: asked('getblock') };

    act(() => server.socket.fire('getblock-update', { blockdata: [block(101, 9)], v: 'b101', since: 'b100' }));
    await waitFor(() => expect(within(panel('Latest Blocks')).getByText('Block #101')).toBeInTheDocument());
    expect(within(panel('Latest Blocks')).getByText('Block #100')).toBeInTheDocument();
    expect(within(panel('Latest Blocks')).getByText('Txn: 9')).toBeInTheDocument();

    const fresh = tx(999, { blockNumber: 101, transactionIndex: 0, value: 7, valueWei: '7000000000000000000' });
    const call = tx(998, { blockNumber: 101, transactionIndex: 1, transactiontype: 3, valueWei: '2000000000000000000' });
    act(() =>
      server.socket.fire('Transaction-update', {
        TransactionHistories: rows([call, fresh], true),
        // The same row as the latest list's: sent as its hash.
        Contracttransaction: [{ hash: call.hash }],
        Tokentransaction: [],
        v: 't101',
        since: 't100',
      }),
    );
    const latest = panel('Latest Transactions');
    await waitFor(() => expect(within(latest).getByText('7 RUBY')).toBeInTheDocument());
    // Two new rows on top, the two oldest gone: still LIVE_LIST_ROWS rows.
    expect(within(latest).getAllByText('1.5 RUBY')).toHaveLength(LIVE_LIST_ROWS - 2);
    expect(within(panel('Contract Transactions')).getByText('2 Value')).toBeInTheDocument();
    expect(within(panel('Contract Transactions')).getByText('1.5 Value')).toBeInTheDocument();
    // Nothing asked again: the pushes followed what the page held.
    expect({ subscribe: asked('subscribe'), getblock: asked('getblock') }).toEqual(askedBefore);
  });

  it('a push that does not follow what the page holds is dropped, the whole lists are asked again, and the page converges', async () => {
    serveApi();
    renderWithProviders(<HomePage />);
    await waitFor(() => expect(within(panel('Latest Transactions')).getAllByText('1.5 RUBY')).toHaveLength(LIVE_LIST_ROWS));
    await settle();
    const before = asked('subscribe');

    // The server's lists moved on twice; the page missed the push of t101.
    const t102 = tx(997, { blockNumber: 102, transactionIndex: 0, valueWei: '3000000000000000000' });
    const t101 = tx(996, { blockNumber: 101, transactionIndex: 0, valueWei: '4000000000000000000' });
    server.socket.answers.set('subscribe', {
      ...TRANSACTIONS,
      TransactionHistories: rows([t102, t101, ...HISTORY.slice(0, LIVE_LIST_ROWS - 2)], true),
      v: 't102',
    });
    act(() =>
      server.socket.fire('Transaction-update', {
        TransactionHistories: rows([t102], true),
        Contracttransaction: [],
        Tokentransaction: [],
        v: 't102',
        since: 't101',
      }),
    );
    await waitFor(() => expect(asked('subscribe')).toBe(before + 1));
    // The whole lists arrived: both new rows, t101 included, which no push the page got carried.
    const latest = panel('Latest Transactions');
    await waitFor(() => expect(within(latest).getByText('4 RUBY')).toBeInTheDocument());
    expect(within(latest).getByText('3 RUBY')).toBeInTheDocument();
    expect(within(latest).getAllByText('1.5 RUBY')).toHaveLength(LIVE_LIST_ROWS - 2);

    // Changes to the new lists apply again.
    const t103 = tx(995, { blockNumber: 103, transactionIndex: 0, valueWei: '5000000000000000000' });
    act(() =>
      server.socket.fire('Transaction-update', {
        TransactionHistories: rows([t103], true),
        Contracttransaction: [],
        Tokentransaction: [],
        v: 't103',
        since: 't102',
      }),
    );
    await waitFor(() => expect(within(latest).getByText('5 RUBY')).toBeInTheDocument());
    expect(asked('subscribe')).toBe(before + 1);
  });
});
