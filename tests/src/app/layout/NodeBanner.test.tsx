import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Header } from '../../../../src/app/layout/Header';
import { NODE_BANNER, NodeBanner } from '../../../../src/app/layout/NodeBanner';
import { useHeaderData } from '../../../../src/app/layout/useHeaderData';
import { INDEXING_POLL_MS } from '../../../../src/features/status/statusApi';
import { mockApi, ok, type ApiMock } from '../../../helpers/fetchMock';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { pathMatcher, paths } from '../../../../common/api/paths';

vi.setConfig({ testTimeout: 30_000 });

let api: ApiMock | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

const status = (reachable: boolean, lastBlock: number | null = 42) =>
  ok({
    indexedBlock: lastBlock,
    head: lastBlock ?? 0,
    percent: 100,
    catchingUp: false,
    node: { reachable, downSince: reachable ? null : Date.now(), lastBlock },
  });

function LiveHeader() {
  return <Header {...useHeaderData()} />;
}

describe('NodeBanner', () => {
  it('shows nothing while the node answers or its state is unknown', () => {
    const { container, rerender } = render(<NodeBanner node={null} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<NodeBanner node={{ reachable: true, lastBlock: 42 }} />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says the node is not answering and as of which block, as a status', () => {
    render(<NodeBanner node={{ reachable: false, lastBlock: 1234 }} />);
    expect(screen.getByRole('status')).toHaveTextContent('The node is not answering; data as of block 1234');
    expect(NODE_BANNER.asOfBlock).toBe('The node is not answering; data as of block {n}');
  });

  it('says so without a block when nothing is indexed yet', () => {
    render(<NodeBanner node={{ reachable: false, lastBlock: null }} />);
    expect(screen.getByRole('status')).toHaveTextContent(NODE_BANNER.noBlock);
  });

  it('tops the header, above the price strip', () => {
    const { container } = renderWithProviders(<Header node={{ reachable: false, lastBlock: 7 }} />);
    const header = container.querySelector('header');
    expect(header?.firstElementChild).toHaveClass('node-banner');
    expect(header?.firstElementChild).toHaveTextContent('data as of block 7');
  });

  it('appears from /indexing-status and clears by itself when the node answers again (faster polling while down)', async () => {
    let reachable = false;
    api = mockApi([
      [pathMatcher('indexingStatus'), () => status(reachable)],
      [pathMatcher('rubyPrice'), ok({ price: 0.25 }, { fee: 0.000021 })],
    ]);
    renderWithProviders(<LiveHeader />);
    expect(await screen.findByText('The node is not answering; data as of block 42')).toBeInTheDocument();
    reachable = true;
    const asked = api.calls.filter((c) => c === paths.indexingStatus()).length;
    // The live interval is longer than this wait: only the node-down poll can clear it in time.
    expect(INDEXING_POLL_MS.nodeDown * 2).toBeLessThan(INDEXING_POLL_MS.live);
    await waitFor(() => expect(screen.queryByText(/The node is not answering/)).toBeNull(), { timeout: INDEXING_POLL_MS.nodeDown * 2 });
    expect(api.calls.filter((c) => c === paths.indexingStatus()).length).toBeGreaterThan(asked);
  });
});
