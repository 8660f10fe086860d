import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import addressChecksSrc from '../../../../packages/rubyweb3/examples/addressChecks.ts?raw';
import sendCoinSrc from '../../../../packages/rubyweb3/examples/sendCoin.ts?raw';
import { RubyWeb3DocsPage, WEB3_TOPICS } from '../../../../src/features/docs/RubyWeb3DocsPage';
import { renderWithProviders } from '../../utils/renderWithProviders';

describe('RubyWeb3DocsPage', () => {
  it('documents install, wallet creation, balance, sending coins and tokens, transaction and block queries, address checks', () => {
    renderWithProviders(<RubyWeb3DocsPage />, { path: '/rubyWeb3Docs' });
    expect(screen.getByRole('heading', { level: 1, name: 'rubyWeb3 Docs' })).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Install',
      'Connect',
      'Wallet creation',
      'Balance',
      'Sending coins',
      'Sending tokens',
      'Transaction queries',
      'Block queries',
      'Address checks',
      'Errors',
    ]);
    for (const op of [
      'createWallet',
      'getBalance',
      'sendCoin',
      'sendToken',
      'tokenBalance',
      'getTransaction',
      'getBlock',
      'checkaddress',
      'getAddressbyprivateKey',
      'getLatestBlockNumber',
    ]) {
      expect(screen.getAllByText(op, { selector: 'code' }).length, op).toBeGreaterThan(0);
    }
    expect(screen.getByLabelText('Install rubyweb3')).toHaveTextContent('npm run build');
    const toc = screen.getByRole('navigation', { name: 'On this page' });
    expect(within(toc).getAllByRole('link')).toHaveLength(WEB3_TOPICS.length + 2);
  });

  it("shows the package's tested example files verbatim", () => {
    renderWithProviders(<RubyWeb3DocsPage />, { path: '/rubyWeb3Docs' });
    const send = screen.getByLabelText('Example: Sending coins (sendCoin.ts)');
    expect(send.textContent).toBe(sendCoinSrc.trim());
    expect(send).toHaveTextContent("import type { RubyWeb3 } from 'rubyweb3'");
    const checks = screen.getByLabelText('Example: Address checks (addressChecks.ts)');
    expect(checks.textContent).toBe(addressChecksSrc.trim());
    for (const t of WEB3_TOPICS) expect(t.code.length, t.file).toBeGreaterThan(100);
  });
});
