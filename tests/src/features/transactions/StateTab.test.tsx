/**
 * The transaction page's State tab (issue #40): opened by its ?tab= link and by keyboard from the
 * tab list; each address with its role, balances before → after and a signed difference whose
 * direction is also a word (not colour alone), the nonce, token rows and storage slots with their
 * variable names; the source and the reconciliation said in words; a node without tracing says
 * so; a failed read says why and retries; a transaction not indexed yet says so.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TxStateChanges } from '../../../../common/api/stateChanges';
import { pathMatcher, paths } from '../../../../common/api/paths';
import { TransactionPage } from '../../../../src/features/transactions/TransactionPage';
import { STATE_TEXTS } from '../../../../src/features/transactions/stateTexts';
import { LOG_TEXTS } from '../../../../src/features/transactions/texts';
import { fail, mockApi, ok, type FetchMock, type Handler } from '../../../helpers/fetchMock';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { FROM, HASH, MINER, TO, TOKEN, txDetail } from './fixtures';

vi.setConfig({ testTimeout: 20_000 });

let api: FetchMock | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

const account = (over: Partial<TxStateChanges['accounts'][number]>): TxStateChanges['accounts'][number] => ({
  address: FROM,
  name: null,
  role: null,
  balanceBeforeWei: null,
  balanceAfterWei: null,
  balanceDifferenceWei: '0',
  nonceBefore: null,
  nonceAfter: null,
  code: null,
  tokens: [],
  storage: [],
  storageLayout: null,
  ...over,
});

const CHANGES: TxStateChanges = {
  hash: HASH,
  blockNumber: 24,
  source: 'prestateTracer',
  sourceNote: 'From the node',
  complete: true,
  accounts: [
    account({
      address: FROM,
      role: 'sender',
      balanceBeforeWei: '3000000000000000000',
      balanceAfterWei: '1999000000000000000',
      balanceDifferenceWei: '-1001000000000000000',
      nonceBefore: 7,
      nonceAfter: 8,
      tokens: [
        {
          tokenAddress: TOKEN,
          tokenName: 'Ruby Gold',
          tokenSymbol: 'RGLD',
          tokenDecimals: 18,
          beforeWei: '5000000000000000000',
          afterWei: '4500000000000000000',
          differenceWei: '-500000000000000000',
        },
      ],
    }),
    account({
      address: TOKEN,
      role: 'recipient',
      name: 'Ruby Gold',
      storageLayout: 'decoded',
      storage: [
        {
          slot: `0x${'2a'.repeat(32)}`,
          before: `0x${'0'.repeat(63)}5`,
          after: `0x${'0'.repeat(63)}4`,
          variables: [{ name: `_balances[${FROM}]`, type: 'uint256', before: '5', after: '4' }],
        },
      ],
    }),
    account({ address: TO, balanceBeforeWei: '0', balanceAfterWei: '1000000000000000000', balanceDifferenceWei: '1000000000000000000' }),
    account({
      address: MINER,
      role: 'miner',
      balanceBeforeWei: '0',
      balanceAfterWei: '500000000000000',
      balanceDifferenceWei: '500000000000000',
    }),
  ],
  reconciliation: {
    reconciled: true,
    sumOfDifferencesWei: '-500000000000000',
    burntFeeWei: '500000000000000',
    baseFeePerGasWei: '1',
    gasUsed: '21000',
  },
};

function open(state: Handler, path = `/transaction/${HASH}?tab=state`) {
  api = mockApi([
    [pathMatcher('txData'), ok(txDetail())],
    [pathMatcher('txStateChanges'), state],
  ]);
  renderWithProviders(<TransactionPage hash={HASH} />, { path });
}

describe('State tab', () => {
  it('opens from ?tab=state and shows each address: role, balances before → after, signed differences in words, nonce, tokens, named slots', async () => {
    open(ok(CHANGES));
    const list = await screen.findByRole('list', { name: STATE_TEXTS.accountsLabel });
    expect(screen.getByRole('tab', { name: STATE_TEXTS.tab })).toHaveAttribute('aria-selected', 'true');
    expect(api!.calls).toContain(paths.txStateChanges(HASH));
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    const [sender, token, recipient] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(sender).toHaveTextContent(STATE_TEXTS.roles.sender);
    expect(sender).toHaveTextContent(STATE_TEXTS.nonce(7, 8));
    expect(sender).toHaveTextContent('3');
    expect(sender).toHaveTextContent(`−1.001000 ${STATE_TEXTS.decrease}`);
    expect(sender).toHaveTextContent(`−0.500000 ${STATE_TEXTS.decrease}`);
    expect(recipient).toHaveTextContent(`+1.000000 ${STATE_TEXTS.increase}`);
    expect(token).toHaveTextContent(`_balances[${FROM}]`);
    expect(within(token).getByRole('table', { name: STATE_TEXTS.storageCaption })).toBeInTheDocument();
    expect(screen.getByText(STATE_TEXTS.sources.prestateTracer)).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(STATE_TEXTS.reconciled('0.000500'));
  });

  it('is reached by keyboard from the tab list', async () => {
    open(ok(CHANGES), `/transaction/${HASH}?tab=logs`);
    const logs = await screen.findByRole('tab', { name: LOG_TEXTS.tab });
    logs.focus();
    fireEvent.keyDown(logs, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: STATE_TEXTS.tab })).toHaveFocus();
    expect(await screen.findByRole('list', { name: STATE_TEXTS.accountsLabel })).toBeInTheDocument();
  });

  it('says when the figures come from the index on a node without tracing, and when they do not reconcile', async () => {
    open(
      ok({
        ...CHANGES,
        source: 'index',
        complete: false,
        reconciliation: { ...CHANGES.reconciliation, reconciled: false, sumOfDifferencesWei: '-7' },
      }),
    );
    expect(await screen.findByTestId('unavailable-notice')).toHaveTextContent(
      `${STATE_TEXTS.sources.index} ${STATE_TEXTS.sources.untraced}`,
    );
    expect(screen.getByRole('note')).toHaveTextContent(STATE_TEXTS.notReconciled('−0.000000000000000007', '0.000500'));
  });

  it('says why a read failed and loads on Retry', async () => {
    let failNext = true;
    open(() => {
      const reply = failNext ? fail(503, 'Service unavailable') : ok(CHANGES);
      failNext = false;
      return reply;
    });
    expect(await screen.findByText(STATE_TEXTS.loadFailed)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: STATE_TEXTS.accountsLabel })).toBeInTheDocument();
  });

  it('a transaction not indexed yet says so', async () => {
    open(fail(404, 'Transaction not found'));
    expect(await screen.findByText(STATE_TEXTS.notIndexed)).toBeInTheDocument();
  });
});
