import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContractDetailPage } from '../../../../src/features/contracts/ContractDetailPage';
import { CONTRACT_TEXTS } from '../../../../src/features/contracts/texts';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { fail, ok, mockApi, type ApiMock } from '../../../helpers/fetchMock';
import { ADDR, DAPP, HASH2, TOKEN, contractDetail, holding, internalTx, paged } from '../addresses/fixtures';
import { pathMatcher, paths } from '../../../../common/api/paths';

let api: ApiMock | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

function render(address = DAPP) {
  return renderWithProviders(<ContractDetailPage contractAddress={address} />, { path: `/contractDetail/${address}` });
}

describe('ContractDetailPage', () => {
  it("shows 'Loading...' until the contract answers", () => {
    api = mockApi([
      [pathMatcher('contractDetail'), 'pending'],
      [pathMatcher('internalTx'), 'pending'],
    ]);
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Contract' })).toBeInTheDocument();
    expect(screen.getAllByText('Loading...').length).toBeGreaterThanOrEqual(2);
  });

  it('shows name, balance in RUBY, creator and trx_length, then the internal transactions (20 per page)', async () => {
    api = mockApi([
      [pathMatcher('contractDetail'), ok(contractDetail({ trx_length: 65 }))],
      [/^\/getinternaltrx\/.*\/1\/20$/, paged([internalTx()], 2)],
      [/^\/getinternaltrx\/.*\/2\/20$/, paged([], 2, 2)],
    ]);
    // Transactions is the default tab now (issue #25 item 11): open the spec's Internal txns by its link.
    renderWithProviders(<ContractDetailPage contractAddress={DAPP} />, { path: `/contractDetail/${DAPP}?tab=internal-txns` });
    const overview = await screen.findByRole('region', { name: CONTRACT_TEXTS.overview });
    const value = (label: string) => within(overview).getByText(label).nextElementSibling;
    expect(value(CONTRACT_TEXTS.name)).toHaveTextContent('Ruby Gems');
    expect(value(CONTRACT_TEXTS.balance)).toHaveTextContent('0.5 RUBY');
    expect(within(overview).getByTitle(ADDR).closest('a')).toHaveAttribute('href', `/address/${ADDR}`);
    expect(value(CONTRACT_TEXTS.transactions)).toHaveTextContent('65');
    expect(value(CONTRACT_TEXTS.type)).toHaveTextContent('DApp');
    expect(await screen.findByTitle(HASH2)).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'First' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('No Trx available')).toBeInTheDocument();
    expect(api.calls).toContain(paths.internalTx({ address: DAPP, page: 2, size: 20 }));
  });

  it("Token tab: each token's address, name and balance, or 'No tokens available'", async () => {
    api = mockApi([
      [pathMatcher('contractDetail'), ok(contractDetail({ tokens: [holding()] }))],
      [pathMatcher('internalTx'), paged([])],
    ]);
    render();
    await screen.findByRole('region', { name: CONTRACT_TEXTS.overview });
    fireEvent.click(screen.getByRole('tab', { name: 'Token' }));
    expect(screen.getByRole('link', { name: 'Ruby Gold (RGLD)' })).toHaveAttribute('href', `/TokenDetail/${TOKEN}`);
    expect(screen.getByText('1,234.5 RGLD')).toBeInTheDocument();
  });

  it("Token tab without tokens says 'No tokens available'", async () => {
    api = mockApi([
      [pathMatcher('contractDetail'), ok(contractDetail())],
      [pathMatcher('internalTx'), paged([])],
    ]);
    render();
    await screen.findByRole('region', { name: CONTRACT_TEXTS.overview });
    fireEvent.click(screen.getByRole('tab', { name: 'Token' }));
    expect(screen.getByText('No tokens available')).toBeInTheDocument();
  });

  it('Contract tab: bytecode with the not-verified note; verified: ABI and code', async () => {
    api = mockApi([
      [pathMatcher('contractDetail'), ok(contractDetail({ isNft: true }))],
      [pathMatcher('internalTx'), paged([])],
    ]);
    render();
    await screen.findByRole('region', { name: CONTRACT_TEXTS.overview });
    expect(screen.getByText('DApp (NFT)')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Contract' }));
    expect(screen.getByText(CONTRACT_TEXTS.notVerified)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: CONTRACT_TEXTS.bytecode })).toBeInTheDocument();
  });

  it("copies the address with 'copied to clipboard!'", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    api = mockApi([
      [pathMatcher('contractDetail'), ok(contractDetail())],
      [pathMatcher('internalTx'), paged([])],
    ]);
    render();
    await screen.findByRole('region', { name: CONTRACT_TEXTS.overview });
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Copy address' })[0] as HTMLElement);
    });
    expect(writeText).toHaveBeenCalledWith(DAPP);
    expect(screen.getByRole('status')).toHaveTextContent('copied to clipboard!');
  });

  it('an unknown contract gets a clear not-found message', async () => {
    api = mockApi([
      [pathMatcher('contractDetail'), fail(404, 'Contract not found')],
      [pathMatcher('internalTx'), paged([])],
    ]);
    render(ADDR);
    expect(await screen.findByText(CONTRACT_TEXTS.notFound)).toBeInTheDocument();
  });

  it('a malformed address gets a clear message and no request', () => {
    api = mockApi([]);
    render('not-an-address');
    expect(screen.getByRole('alert')).toHaveTextContent(CONTRACT_TEXTS.invalid);
    expect(api.calls).toEqual([]);
  });

  it('a failed fetch says so', async () => {
    api = mockApi([
      [pathMatcher('contractDetail'), fail(503, 'down')],
      [pathMatcher('internalTx'), fail(503, 'down')],
    ]);
    render();
    expect(await screen.findByText(CONTRACT_TEXTS.loadFailed)).toBeInTheDocument();
  });
});
