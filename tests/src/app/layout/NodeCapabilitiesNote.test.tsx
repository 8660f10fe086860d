import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_TRACES_NOTICE } from '../../../../common/api/capabilities';
import { Footer } from '../../../../src/app/layout/Footer';
import { NodeCapabilitiesLine, nodeCapabilitiesText } from '../../../../src/app/layout/NodeCapabilitiesNote';
import { mockApi, ok, type ApiMock } from '../../../helpers/fetchMock';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { pathMatcher, paths } from '../../../../common/api/paths';

const OLD_STATE = 'This node keeps no old state (not an archive node): balances are read near the head only';

let api: ApiMock | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

const status = (capabilities: unknown) =>
  ok({
    indexedBlock: 42,
    head: 42,
    percent: 100,
    catchingUp: false,
    node: { reachable: true, downSince: null, lastBlock: 42 },
    ...(capabilities === undefined ? {} : { capabilities }),
  });

const caps = (missing: string[]) => ({
  traceBlock: false,
  debugTrace: false,
  blockReceipts: true,
  txpool: true,
  oldState: false,
  subscribe: true,
  missing,
  probedAt: '2026-11-24T21:00:00.000Z',
});

describe('NodeCapabilitiesNote', () => {
  it('says "This node:" once, then what it lacks, joined', () => {
    expect(nodeCapabilitiesText([NO_TRACES_NOTICE, OLD_STATE])).toBe(
      'This node: offers no call traces: internal transactions are not available; keeps no old state (not an archive node): balances are read near the head only',
    );
  });

  it('renders nothing when nothing is missing or the server has not said', () => {
    for (const missing of [[], null, undefined]) {
      const { container, unmount } = render(<NodeCapabilitiesLine missing={missing} />);
      expect(container).toBeEmptyDOMElement();
      unmount();
    }
  });

  it('shows the line in the footer from /indexing-status, muted and wrapping', async () => {
    api = mockApi([[pathMatcher('indexingStatus'), status(caps([NO_TRACES_NOTICE, OLD_STATE]))]]);
    renderWithProviders(<Footer />);
    const line = await screen.findByText(/^This node: offers no call traces/);
    expect(line).toHaveTextContent('keeps no old state (not an archive node)');
    expect(line).toHaveClass('node-capabilities');
    expect(line.closest('footer')).not.toBeNull();
  });

  it('shows no line for a node that lacks nothing, a first probe not yet answered, or an older server', async () => {
    for (const capabilities of [caps([]), null, undefined]) {
      api = mockApi([[pathMatcher('indexingStatus'), status(capabilities)]]);
      const { unmount } = renderWithProviders(<Footer />);
      await screen.findByText(/tool for inspecting/);
      await new Promise((r) => setTimeout(r, 50));
      expect(api.calls).toContain(paths.indexingStatus());
      expect(screen.queryByText(/^This node:/)).toBeNull();
      unmount();
      api.restore();
      api = null;
    }
  });
});
