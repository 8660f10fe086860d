/**
 * The /Api page's Etherscan-compatible section: one card per module and action, each with a curl
 * request naming that module and action and the captured answer (etherscanExamples.json).
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EtherscanExamples } from '../../../../src/features/docs/EtherscanExamples';
import captured from '../../../../src/features/docs/etherscanExamples.json';
import { API_DOCS_TEXTS as T } from '../../../../src/features/docs/texts';
import { renderWithProviders } from '../../utils/renderWithProviders';

// 33 cards with role queries: slow in jsdom on this 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

const actions = Object.keys((captured as { actions: Record<string, unknown> }).actions);

describe('EtherscanExamples', () => {
  it('shows every captured action with its request and real answer', () => {
    renderWithProviders(<EtherscanExamples baseUrl="http://127.0.0.1:8080/api" />);
    expect(screen.getByRole('heading', { name: T.etherscanTitle })).toBeInTheDocument();
    // Collapsed at first (the Contract section stays light), then every card.
    expect(screen.queryByRole('article')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: T.etherscanShow(actions.length) }));
    expect(actions).toEqual(
      expect.arrayContaining(['account.txlist', 'logs.getLogs', 'contract.getsourcecode', 'proxy.eth_call', 'stats.ethsupply']),
    );
    for (const key of actions) {
      const [module, action] = key.split('.') as [string, string];
      const card = screen.getByRole('article', { name: `module=${module} action=${action}` });
      expect(card).toHaveTextContent(`http://127.0.0.1:8080/api?module=${module}&action=${action}`);
      expect(within(card).getByText(/"(status|jsonrpc)"/)).toBeInTheDocument();
    }
  });
});
