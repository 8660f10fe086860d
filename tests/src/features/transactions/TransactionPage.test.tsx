import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TransactionPage } from '../../../../src/features/transactions/TransactionPage';
import { TX_ROWS, TX_TEXTS } from '../../../../src/features/transactions/texts';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { fail, mockApi, ok, type ApiMock } from '../../../helpers/fetchMock';
import { FROM, HASH, TO, TOKEN, TOKEN_OUT, swapDetail, txDetail } from './fixtures';
import { pathMatcher } from '../../../../common/api/paths';

// Role queries over 20-row tables are slow in jsdom on this 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

let api: ApiMock | null = null;
afterEach(() => {
  api?.restore();
  api = null;
  vi.unstubAllGlobals();
});

function render(hash = HASH) {
  return renderWithProviders(<TransactionPage hash={hash} />, { path: `/transaction/${hash}` });
}

/** The value cell of a Details row. */
function row(label: string): HTMLElement {
  const dt = screen.getAllByText(label, { selector: 'dt' })[0]!;
  return dt.nextElementSibling as HTMLElement;
}

describe('TransactionPage', () => {
  it("shows 'Transaction Detail' and 'Loading...' until data arrives", () => {
    api = mockApi([[pathMatcher('txData'), 'pending']]);
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Transaction Detail' })).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('shows the summary and every Details row of a coin transfer, amounts with 6 decimals', async () => {
    api = mockApi([[pathMatcher('txData'), ok(txDetail())]]);
    render();
    expect(await screen.findByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Details',
      'Token transfers',
      'Internal txns',
      'Raw trace',
      'Logs',
      'State',
      'Call tree',
    ]);
    const summary = document.querySelector('.detail-summary')!;
    expect(summary).toHaveTextContent('Coin transfer 1.500000 RUBY to rCf7Ed3AccA5...0Fc9');
    expect(row(TX_ROWS.hash)).toHaveTextContent(HASH);
    expect(row(TX_ROWS.status)).toHaveTextContent('Success');
    expect(row(TX_ROWS.method)).toHaveTextContent('Coin transfer');
    expect(within(row(TX_ROWS.block)).getByRole('link', { name: '24' })).toHaveAttribute('href', '/Block/24');
    expect(row(TX_ROWS.timestamp)).toHaveTextContent(/ago \(Nov-22-2026 \d\d:\d\d:\d\d UTC\)/);
    expect(within(row(TX_ROWS.from)).getByRole('link', { name: FROM })).toHaveAttribute('href', `/address/${FROM}`);
    expect(within(row(TX_ROWS.to)).getByRole('link', { name: TO })).toHaveAttribute('href', `/address/${TO}`);
    expect(row(TX_ROWS.value)).toHaveTextContent('1.500000 RUBY');
    expect(row(TX_ROWS.fee)).toHaveTextContent('0.000021 RUBY');
    expect(row(TX_ROWS.gas)).toHaveTextContent('21,000');
    expect(row(TX_ROWS.gasPrice)).toHaveTextContent('1 Gwei (0.000000001 RUBY)');
    expect(row(TX_ROWS.gasUsage)).toHaveTextContent('21,000 (100.00%)');
    expect(row(TX_ROWS.nonce)).toHaveTextContent('13');
    expect(row(TX_ROWS.transactionIndex)).toHaveTextContent('22');
    expect(screen.queryByText(TX_ROWS.tokenAmount)).toBeNull();
    expect(screen.queryByText('DEX Details')).toBeNull();
  });

  it('shows Failed for a status other than 1', async () => {
    api = mockApi([[pathMatcher('txData'), ok(txDetail({ status: 0 }))]]);
    render();
    await screen.findByRole('tab', { name: 'Details' });
    expect(row(TX_ROWS.status)).toHaveTextContent('Failed');
  });

  it('adds token amount and token contract to a token transfer', async () => {
    api = mockApi([
      [
        pathMatcher('txData'),
        ok(
          txDetail({
            transactiontype: 2,
            transactionType: 'Token transfer',
            functionName: 'transfer',
            to: TOKEN,
            value: 0,
            valueWei: '0',
            tokenAddress: TOKEN,
            tokenName: 'Ruby Dollar',
            tokenSymbol: 'RUSD',
            tokenDecimals: 18,
            tokenValue: 379,
            tokenValueWei: '379000000000000000000',
            tokenTransfers: [
              {
                logIndex: 0,
                from: FROM,
                to: TO,
                tokenAddress: TOKEN,
                tokenName: 'Ruby Dollar',
                tokenSymbol: 'RUSD',
                tokenDecimals: 18,
                value: 379,
                valueWei: '379000000000000000000',
                tokenId: null,
              },
            ],
          }),
        ),
      ],
    ]);
    render();
    await screen.findByRole('tab', { name: 'Details' });
    expect(document.querySelector('.detail-summary')).toHaveTextContent('Token transfer 379.000000 RUSD to rCf7Ed3AccA5...0Fc9');
    expect(row(TX_ROWS.method)).toHaveTextContent('transfer');
    expect(row(TX_ROWS.tokenAmount)).toHaveTextContent('379.000000 RUSD');
    expect(within(row(TX_ROWS.tokenContract)).getByRole('link', { name: TOKEN })).toHaveAttribute('href', `/TokenDetail/${TOKEN}`);
    fireEvent.click(screen.getByRole('tab', { name: 'Token transfers' }));
    const table = screen.getByRole('table', { name: TX_TEXTS.tokenTransfersCaption });
    expect(within(table).getByText('379.000000')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Ruby Dollar (RUSD)' })).toHaveAttribute('href', `/TokenDetail/${TOKEN}`);
  });

  it("adds 'DEX Details', contract and token received to a swap, and lists its internal calls", async () => {
    api = mockApi([[pathMatcher('txData'), ok(swapDetail())]]);
    render();
    await screen.findByRole('tab', { name: 'Details' });
    expect(row(TX_ROWS.contract)).toHaveTextContent(TO);
    expect(row(TX_ROWS.tokenReceived)).toHaveTextContent('48.740877121355933696 RSLV Ruby Silver to r90F79bf6EB2...b906');
    expect(row(TX_ROWS.gasUsage)).toHaveTextContent('136,351 (37.88%)');
    const dex = screen.getByRole('region', { name: 'DEX Details' });
    expect(within(dex).getByText('swapExactTokensForTokens')).toBeInTheDocument();
    expect(within(dex).getByText('1,226.100000 RUSD')).toBeInTheDocument();
    expect(within(dex).getByText('48.740877121355933696 RSLV')).toBeInTheDocument();
    expect(within(dex).getByText('48.008808866457649071 RSLV')).toBeInTheDocument();
    const path = within(dex).getByRole('list', { name: 'Swap path' });
    expect(within(path).getByRole('link', { name: 'RUSD' })).toHaveAttribute('href', `/TokenDetail/${TOKEN}`);
    expect(within(path).getByRole('link', { name: 'RSLV' })).toHaveAttribute('href', `/TokenDetail/${TOKEN_OUT}`);
    expect(within(dex).getByRole('link', { name: FROM })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Internal txns' }));
    const internal = screen.getByRole('table', { name: TX_TEXTS.internalCaption });
    expect(within(internal).getByText('staticcall')).toBeInTheDocument();
    expect(within(internal).getByText('4,452')).toBeInTheDocument();
  });

  it('shows the empty texts of Token transfers and Internal txns', async () => {
    api = mockApi([[pathMatcher('txData'), ok(txDetail())]]);
    render();
    fireEvent.click(await screen.findByRole('tab', { name: 'Token transfers' }));
    expect(screen.getByText('There are no token transfers.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Internal txns' }));
    expect(screen.getByText('There are no internal transactions for this transaction.')).toBeInTheDocument();
  });

  it('shows the raw trace as pretty JSON and copies it', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    api = mockApi([[pathMatcher('txData'), ok(txDetail())]]);
    render();
    fireEvent.click(await screen.findByRole('tab', { name: 'Raw trace' }));
    const pre = screen.getByLabelText(TX_TEXTS.rawTraceLabel);
    expect(pre.textContent).toBe(JSON.stringify(txDetail().rawTrace, null, 2));
    expect(pre.textContent).toContain('"type": "CALL"');
    fireEvent.click(screen.getByRole('button', { name: TX_TEXTS.rawTraceCopy }));
    expect(await screen.findByText('copied to clipboard!')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(JSON.stringify(txDetail().rawTrace, null, 2));
  });

  it('a malformed hash gets the invalid-input message, not an endless Loading', async () => {
    api = mockApi([[pathMatcher('txData'), fail(400, 'Invalid transaction hash "0x12": use 0x followed by 64 hex digits')]]);
    render('0x12');
    expect(await screen.findByRole('heading', { name: TX_TEXTS.invalidTitle })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('use 0x followed by 64 hex digits');
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('an unknown hash gets the not-found message', async () => {
    api = mockApi([[pathMatcher('txData'), fail(404, `Transaction ${HASH} not found`)]]);
    render();
    expect(await screen.findByRole('heading', { name: TX_TEXTS.notFoundTitle })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('not found');
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('a failed fetch says so and retries', async () => {
    let fails = true;
    api = mockApi([[pathMatcher('txData'), () => (fails ? fail(500, 'Internal error') : ok(txDetail()))]]);
    render();
    expect(await screen.findByRole('heading', { name: TX_TEXTS.loadErrorTitle })).toBeInTheDocument();
    fails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('tab', { name: 'Details' })).toBeInTheDocument();
  });
});
