import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HomePage } from '../../../../src/features/home/HomePage';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { HOME, addr, tx } from './fixtures';
import { answerLive, serveApi, TOKENS } from './homeSetup';
import { hub } from './liveHub';
import { pathMatcher } from '../../../../common/api/paths';

vi.mock('../../../../src/app/socket', async () => (await import('./liveHub')).socketModule);

const panel = (name: string) => screen.getByRole('region', { name });
const tile = (label: string) => screen.getByText(label).closest('.stat-tile') as HTMLElement;

// Whole-page renders with charts are slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

describe('HomePage', () => {
  beforeEach(() => {
    hub.reset();
    localStorage.clear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("shows 'Loading...' everywhere until data arrives", () => {
    serveApi([[/./, 'pending']]);
    renderWithProviders(<HomePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Ruby Blockchain Explorer' })).toBeInTheDocument();
    for (const label of ['Total blocks', 'Avg. block time', 'Total Transaction', 'Wallet addresses', 'Gas tracker']) {
      expect(within(tile(label)).getByText('Loading...')).toBeInTheDocument();
    }
    for (const name of [
      'Latest Transactions',
      'Latest Blocks',
      'Token Transactions',
      'Contract Transactions',
      'Latest Token',
      'Latest Contract',
      'Transaction Count & Fees per Hour',
      'Block Transaction',
    ]) {
      expect(within(panel(name)).getByText('Loading...')).toBeInTheDocument();
    }
  });

  it('loaded: the five tiles with real figures', async () => {
    serveApi();
    answerLive();
    renderWithProviders(<HomePage />);
    await waitFor(() => expect(within(tile('Total blocks')).getByText('101')).toBeInTheDocument());
    expect(within(tile('Avg. block time')).getByText('10 s')).toBeInTheDocument();
    expect(within(tile('Total Transaction')).getByText('1,234')).toBeInTheDocument();
    expect(within(tile('Wallet addresses')).getByText('56')).toBeInTheDocument();
    expect(within(tile('Gas tracker')).getByText('0.00021 RUBY')).toBeInTheDocument();
  });

  it("gas tracker reads '0 Ruby' when the fee is absent", async () => {
    serveApi([[pathMatcher('homeData'), { body: { status: true, result: { ...HOME, fee: null, feeWei: null } } }]]);
    renderWithProviders(<HomePage />);
    expect(await within(tile('Gas tracker')).findByText('0 Ruby')).toBeInTheDocument();
  });

  it("stats strip: 24h count, price, 'View Market Cap' in a new tab, per-hour bars", async () => {
    serveApi();
    renderWithProviders(<HomePage />);
    const strip = panel('Market and activity');
    expect(await within(strip).findByText('321')).toBeInTheDocument();
    expect(within(strip).getByText('$0.25')).toBeInTheDocument();
    const cap = within(strip).getByRole('link', { name: 'View Market Cap' });
    expect(cap).toHaveAttribute('target', '_blank');
    expect(cap).toHaveAttribute('rel', 'noopener noreferrer');
    expect(await within(strip).findByRole('img', { name: 'Transactions Per Hour' })).toBeInTheDocument();
  });

  it('/aa has no stats strip', async () => {
    serveApi();
    renderWithProviders(<HomePage variant="aa" />);
    await waitFor(() => expect(within(tile('Total blocks')).getByText('101')).toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Market and activity' })).toBeNull();
    expect(screen.queryByText('View Market Cap')).toBeNull();
  });

  it('Latest Transactions: 10 live rows and the link to all transactions', async () => {
    serveApi();
    answerLive();
    renderWithProviders(<HomePage />);
    const p = panel('Latest Transactions');
    const table = await within(p).findByRole('table', { name: 'Latest Transactions' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getAllByText('1.5 RUBY')).toHaveLength(10);
    expect(within(p).getByRole('link', { name: 'View all Transactions' })).toHaveAttribute('href', '/Alltransactions');
    expect(hub.emitted).toContain('subscribe');
  });

  it("the count & fee chart has two axes and 'Hour N' labels", async () => {
    serveApi();
    renderWithProviders(<HomePage />);
    const p = panel('Transaction Count & Fees per Hour');
    await within(p).findByRole('img', { name: /Transaction Count & Fees per Hour: 552 transactions over the last 24 hours/ });
    expect(within(p).getAllByText('Transaction count').length).toBeGreaterThan(0);
    expect(within(p).getAllByText('Total fee (RUBY)').length).toBeGreaterThan(0);
    expect(within(p).getByText('Hour 0')).toBeInTheDocument();
  });

  it("Latest Blocks: 4 cards with 'Block #', 'Txn:', 'Validator: ' + miner first 6 / last 6, linking to /Block/{n}", async () => {
    serveApi();
    renderWithProviders(<HomePage />);
    const p = panel('Latest Blocks');
    const cards = await within(p).findAllByRole('link', { name: /^Block #/ });
    expect(cards).toHaveLength(4);
    expect(cards[0]).toHaveAttribute('href', '/Block/100');
    expect(cards[0]).toHaveTextContent('Block #100');
    expect(cards[0]).toHaveTextContent('Txn: 3');
    expect(cards[0]).toHaveTextContent('Validator: r12345...abcdef');
    expect(within(p).getByRole('link', { name: 'View all blocks' })).toHaveAttribute('href', '/Allblock');
    expect(await within(panel('Block Transaction')).findByRole('img', { name: /latest 5 blocks/ })).toBeInTheDocument();
  });

  it('Token and Contract Transactions: labels, real status, values and fees with 5 decimals, links', async () => {
    serveApi();
    answerLive();
    renderWithProviders(<HomePage />);
    const token = panel('Token Transactions');
    await within(token).findAllByText('Token transfer');
    expect(within(token).getByText('Success')).toBeInTheDocument();
    expect(within(token).getByText('Failed')).toBeInTheDocument();
    expect(within(token).getByText('0 Value')).toBeInTheDocument();
    expect(within(token).getByText('1.5 Value')).toBeInTheDocument();
    expect(within(token).getAllByText('0.00021 Fee')).toHaveLength(2);
    expect(within(token).getByRole('link', { name: tx(101).hash.slice(0, 6) + '...' + tx(101).hash.slice(-4) })).toHaveAttribute(
      'href',
      `/transaction/${tx(101).hash}`,
    );
    expect(within(token).getByRole('link', { name: 'View Token Transactions' })).toHaveAttribute('href', '/Alltransactions');

    const contract = panel('Contract Transactions');
    // Code 7 reads 'Contract Call' on home, as any code above 2.
    expect(within(contract).getAllByText('Contract Call')).toHaveLength(2);
    const from = addr(201);
    expect(within(contract).getByRole('link', { name: `${from.slice(0, 12)}...${from.slice(-4)}` })).toHaveAttribute(
      'href',
      `/address/${from}`,
    );
    expect(within(contract).getByRole('link', { name: 'View all Contract Transactions' })).toHaveAttribute('href', '/Alltransactions');
  });

  it("copy icons copy and show 'Copied to clipboard!'", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    serveApi();
    answerLive();
    renderWithProviders(<HomePage />);
    const token = panel('Token Transactions');
    const [copy] = await within(token).findAllByRole('button', { name: 'Copy hash' });
    await act(async () => {
      fireEvent.click(copy as HTMLElement);
    });
    expect(writeText).toHaveBeenCalledWith(tx(101).hash);
    expect(screen.getByRole('status')).toHaveTextContent('Copied to clipboard!');
  });

  it("Latest Token shows 8 of the newest tokens; Latest Contract links to /contractDetail; 'View all' links", async () => {
    serveApi();
    renderWithProviders(<HomePage />);
    const tokens = panel('Latest Token');
    const table = await within(tokens).findByRole('table', { name: 'Latest Token' });
    expect(within(table).getAllByRole('row')).toHaveLength(9);
    const first = TOKENS[0]?.contract_address ?? '';
    expect(within(table).getByRole('link', { name: `${first.slice(0, 12)}...${first.slice(-4)}` })).toHaveAttribute(
      'href',
      `/TokenDetail/${first}`,
    );
    expect(within(table).getByText('Token 1')).toBeInTheDocument();
    expect(within(tokens).getByRole('link', { name: 'View all Tokens' })).toHaveAttribute('href', '/Tokens');

    const contracts = panel('Latest Contract');
    const app = addr(0x8000);
    expect(await within(contracts).findByRole('link', { name: `${app.slice(0, 12)}...${app.slice(-4)}` })).toHaveAttribute(
      'href',
      `/contractDetail/${app}`,
    );
    expect(within(contracts).getByRole('link', { name: 'View all Contract' })).toHaveAttribute('href', '/VerifiedRuby');
  });

  it('the mobile list shows 5 tokens', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn(() => ({ matches: true, addEventListener: () => {}, removeEventListener: () => {} })),
    );
    serveApi();
    renderWithProviders(<HomePage />);
    const list = await within(panel('Latest Token')).findByRole('list', { name: 'Latest Token' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
  });

  it('empty lists say so', async () => {
    serveApi([
      [pathMatcher('tokenDeploy'), { body: { status: true, result: [], tokendepoloy: [] } }],
      [pathMatcher('contractDeploy'), { body: { status: true, result: [], contractdeploy: [] } }],
    ]);
    hub.answers.set('subscribe', { TransactionHistories: [], Tokentransaction: [], Contracttransaction: [] });
    renderWithProviders(<HomePage />);
    expect(await within(panel('Latest Token')).findByText('No tokens available')).toBeInTheDocument();
    expect(within(panel('Latest Contract')).getByText('No contracts available')).toBeInTheDocument();
    expect(await within(panel('Token Transactions')).findByText('No transactions found')).toBeInTheDocument();
    expect(within(panel('Contract Transactions')).getByText('No transactions found')).toBeInTheDocument();
    expect(within(panel('Latest Transactions')).getByText('No transactions found')).toBeInTheDocument();
  });
});
