/** Public name tags (issue #25): one shared component shows a known address by its tag wherever it appears. */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Address } from '../../../src/ui/Address';
import { DetailId } from '../../../src/ui/DetailId';
import { NameTagsContext } from '../../../src/ui/nameTags';
import { TransactionList } from '../../../src/sections/transactions/TransactionList';
import { renderWithProviders } from '../utils/renderWithProviders';
import { listTx } from '../features/transactions/fixtures';

const ROUTER = 'r5FbDB2315678afecb367f032d93F642f64180aa3';
const TAGS = new Map([['0x5fbdb2315678afecb367f032d93f642f64180aa3', 'Ruby DEX Router']]);

describe('name tags', () => {
  it('an address with a tag reads by its tag; the address stays in the tooltip, the link and the copy icon', () => {
    renderWithProviders(
      <NameTagsContext.Provider value={TAGS}>
        <Address value={ROUTER} copy="detail" />
        <Address value="r976EA74026E726554dB657fA54763abd0C3a0aa9" />
      </NameTagsContext.Provider>,
    );
    const tagged = screen.getByText('Ruby DEX Router');
    expect(tagged).toHaveAttribute('title', ROUTER);
    expect(tagged.closest('a')).toHaveAttribute('href', `/address/${ROUTER}`);
    expect(screen.getAllByRole('button', { name: 'Copy address' })).toHaveLength(2);
    expect(screen.getByText('r976EA74026E...0aa9')).toBeInTheDocument();
  });

  it('the same tag in every list (here the shared transaction list) and as a badge on the detail page', () => {
    renderWithProviders(
      <NameTagsContext.Provider value={TAGS}>
        <DetailId address={ROUTER} />
        <TransactionList items={[listTx({ to: ROUTER })]} empty="none" caption="Txs" />
      </NameTagsContext.Provider>,
    );
    expect(screen.getAllByText('Ruby DEX Router')).toHaveLength(2);
    expect(screen.getByText(ROUTER)).toBeInTheDocument();
  });

  it('without tags, addresses read as before', () => {
    renderWithProviders(<Address value={ROUTER} />);
    expect(screen.getByText('r5FbDB231567...0aa3')).toBeInTheDocument();
  });
});
