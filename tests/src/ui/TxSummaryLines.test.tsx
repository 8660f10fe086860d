/**
 * Issue #40: a transaction's summary as the SPA shows it, in English and in Hindi, from the one
 * renderer (common/summary/render.ts): every action kind on the detail, the lists' one-line form,
 * the failed form with its reason, and the same words as the server's plain text.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pathMatcher } from '../../../common/api/paths';
import { PaletteHost } from '../../../src/features/search/palette/PaletteHost';
import { mockFetch, ok } from '../../helpers/fetchMock';
import type { TxAction, SummaryToken } from '../../../common/api/txSummary';
import { plainSummary } from '../../../common/summary/render';
import { setLocale } from '../../../src/lib/i18n/locale';
import { NameTagsContext } from '../../../src/ui/nameTags';
import { TxSummaryLines } from '../../../src/ui/TxSummaryLines';
import { TransactionList } from '../../../src/sections/transactions/TransactionList';
import { listTx, txDetail } from '../features/transactions/fixtures';
import { renderWithProviders } from '../utils/renderWithProviders';

const A = 'rf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const B = 'r90F79bf6EB2c4f870365E785982E1f101E93b906';
const ROUTER = 'r5FbDB2315678afecb367f032d93F642f64180aa3';
const PAIR = 'rCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';
const RGLD: SummaryToken = { address: 'r9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0', symbol: 'RGLD', name: 'Ruby Gold', decimals: 18 };
const RUSD: SummaryToken = { address: 'rDc64a140Aa3E981100a9becA4E685f962f0cF6C9', symbol: 'RUSD', name: 'Ruby USD', decimals: 18 };
const GEMS: SummaryToken = { address: 'r2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6', symbol: 'GEM', name: 'Ruby Gems', decimals: 0 };
const TAGS = new Map([['0x5fbdb2315678afecb367f032d93f642f64180aa3', 'Ruby DEX Router']]);
const ONE = '1000000000000000000';

const EVERY_KIND: TxAction[] = [
  { kind: 'coinTransfer', from: A, to: { address: B, label: null }, amountWei: '1500000000000000000' },
  { kind: 'tokenTransfer', token: RGLD, from: A, to: { address: B, label: null }, amountWei: '12345000000000000' },
  {
    kind: 'swap',
    tokenIn: RUSD,
    amountInWei: ONE,
    tokenOut: RGLD,
    amountOutWei: '498000000000000',
    pool: { address: PAIR, label: 'RGLD/RUSD LP' },
    hops: 1,
  },
  {
    kind: 'addLiquidity',
    pool: { address: PAIR, label: 'RGLD/RUSD LP' },
    token0: RGLD,
    amount0Wei: ONE,
    token1: RUSD,
    amount1Wei: '2000000000000000000',
  },
  { kind: 'approve', token: RUSD, spender: { address: ROUTER, label: 'Ruby DEX Router' }, amountWei: '0', unlimited: true },
  { kind: 'revoke', token: RUSD, spender: { address: ROUTER, label: 'Ruby DEX Router' } },
  { kind: 'nftMint', collection: GEMS, tokenIds: ['7', '8'], to: { address: A, label: null } },
  { kind: 'contractCreation', contract: { address: PAIR, label: null }, name: 'SummaryProbe' },
  { kind: 'delegationSet', authority: A, delegate: { address: PAIR, label: 'SummaryProbe' } },
  { kind: 'call', method: 'distribute', selector: '0x6138889b', contract: { address: ROUTER, label: 'Ruby DEX Router' } },
];
const PANIC: TxAction = {
  kind: 'failed',
  method: 'divide',
  contract: { address: PAIR, label: 'SummaryProbe' },
  reason: { kind: 'panic', code: 0x12 },
};

afterEach(async () => {
  await setLocale('en');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function render(summary: TxAction[], compact = false) {
  return renderWithProviders(
    <NameTagsContext.Provider value={TAGS}>
      <TxSummaryLines summary={summary} compact={compact} label="Transaction action" />
    </NameTagsContext.Provider>,
  );
}

describe('transaction summary lines', () => {
  it('every kind in English, with the amounts of the API formatted and the addresses linked by their labels', () => {
    render(EVERY_KIND);
    const lines = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(lines).toEqual([
      'Transfer 1.5 RUBY to r90F79bf6EB2...b906',
      'Transfer 0.012345 RGLD to r90F79bf6EB2...b906',
      'Swap 1 RUSD for 0.000498 RGLD on RGLD/RUSD LP',
      'Add liquidity 1 RGLD and 2 RUSD to RGLD/RUSD LP',
      'Approve Ruby DEX Router to spend unlimited RUSD',
      'Revoke the approval of Ruby DEX Router for RUSD',
      'Mint GEM #7, #8 to rf39Fd6e51aa...2266',
      'Create contract SummaryProbe at rCf7Ed3AccA5...0Fc9',
      'Delegate rf39Fd6e51aa...2266 to SummaryProbe',
      'Called distribute on Ruby DEX Router',
    ]);
    for (const link of screen.getAllByText('RGLD/RUSD LP', { selector: 'a' })) expect(link).toHaveAttribute('href', `/address/${PAIR}`);
  });

  it('the same kinds in Hindi', async () => {
    await setLocale('hi');
    render(EVERY_KIND);
    const lines = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(lines[0]).toBe('r90F79bf6EB2...b906 को 1.5 RUBY भेजे');
    expect(lines[2]).toBe('RGLD/RUSD LP पर 1 RUSD के बदले 0.000498 RGLD स्वैप किए');
    expect(lines[4]).toBe('Ruby DEX Router को असीमित RUSD खर्च करने की अनुमति दी');
    expect(lines[9]).toBe('Ruby DEX Router पर distribute कॉल किया');
  });

  it('a failed transaction says why, in both languages; the server words it the same in English', async () => {
    render([PANIC]);
    const english = 'Failed: divide on SummaryProbe: Panic 0x12 (division or modulo by zero)';
    expect(screen.getByRole('listitem')).toHaveTextContent(english);
    expect(plainSummary([PANIC])).toBe(`Failed: divide on SummaryProbe (${PAIR}): Panic 0x12 (division or modulo by zero)`);
    await setLocale('hi');
    render([{ ...PANIC, reason: { kind: 'unavailable' } }]);
    expect(screen.getAllByRole('listitem').at(-1)).toHaveTextContent('विफल: SummaryProbe पर divide: इस नोड पर कारण उपलब्ध नहीं है');
  });

  it("the lists' second line: the first action and how many more, on one line under the hash", () => {
    renderWithProviders(
      <NameTagsContext.Provider value={TAGS}>
        <TransactionList items={[listTx({ summary: EVERY_KIND.slice(0, 3) })]} empty="none" caption="Txs" />
      </NameTagsContext.Provider>,
    );
    const line = document.querySelector('.tx-summary--compact')!;
    expect(line).toHaveTextContent('Transfer 1.5 RUBY to r90F7...b906 · and 2 more');
    // No title: the chain's names would be mixed into one string a translator could not keep apart.
    expect(line).not.toHaveAttribute('title');
  });

  it('a live row (its first action sent, summaryMore counting the rest) shows the same line', () => {
    renderWithProviders(
      <NameTagsContext.Provider value={TAGS}>
        <TxSummaryLines summary={EVERY_KIND.slice(0, 1)} more={2} compact />
      </NameTagsContext.Provider>,
    );
    expect(document.querySelector('.tx-summary--compact')).toHaveTextContent('Transfer 1.5 RUBY to r90F7...b906 · and 2 more');
  });

  it("the palette's jump to a transaction says what it did, as plain text inside the option", async () => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    Element.prototype.scrollIntoView ??= function scrollIntoView() {};
    const hash = `0x${'ab'.repeat(32)}`;
    mockFetch([
      [pathMatcher('searchContract'), ok([])],
      [pathMatcher('txData'), ok(txDetail({ hash, summary: [PANIC] }))],
    ]);
    renderWithProviders(<PaletteHost />);
    fireEvent.keyDown(document.body, { key: 'k', code: 'KeyK', ctrlKey: true });
    const input = await screen.findByRole('combobox');
    fireEvent.change(input, { target: { value: hash } });
    await waitFor(() =>
      expect(screen.getByRole('option', { selected: true })).toHaveTextContent('Failed: divide on SummaryProbe: Panic 0x12'),
    );
    expect(screen.getByRole('option', { selected: true }).querySelector('a')).toBeNull();
  });
});
