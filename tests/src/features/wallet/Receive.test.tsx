/**
 * Issue #38, defect 14: Receive keeps the spec's r… QR code and text, and offers beside them what other EVM wallets
 * read: the 0x form (EIP-55 checksummed) and an EIP-681 payment QR code `ethereum:0x…@{chainId}` with the chain id the
 * API answers (GET /chainid; here 4242, so nothing is hard-coded), each with a copy button. A token's Receive asks for
 * a transfer of that token (`ethereum:{token}@{chainId}/transfer?address=0x…`).
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QRCodeSVG } from 'qrcode.react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pathMatcher } from '../../../../common/api/paths';
import { ReceiveModal } from '../../../../src/features/wallet/ReceiveModal';
import { mockFetch, ok, fail, type FetchMock } from '../../../helpers/fetchMock';
import { renderWithProviders } from '../../utils/renderWithProviders';

// 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed is EIP-55's own example.
const ME = 'r5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const HEX = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TOKEN = 'rfb6916095ca1df60bb79ce92ce3ea74c37c5d359';
const TOKEN_HEX = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

let fetchMock: FetchMock;
let copied: string[];
beforeEach(() => {
  copied = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: (t: string) => (copied.push(t), Promise.resolve()) },
  });
  fetchMock = mockFetch([[pathMatcher('chainId'), ok({ chainId: 4242 })]]);
});
afterEach(() => {
  fetchMock.restore();
  vi.restoreAllMocks();
});

/** The SVG path qrcode.react draws for `value`: two codes are the same code when their paths are. */
function qrPath(value: string): string {
  const { container, unmount } = render(<QRCodeSVG value={value} size={256} />);
  const d = [...container.querySelectorAll('path')].map((p) => p.getAttribute('d')).join('|');
  unmount();
  return d;
}
const pathOf = (el: Element) => [...el.querySelectorAll('path')].map((p) => p.getAttribute('d')).join('|');

describe('Receive', () => {
  it("keeps the spec's r… code and adds the 0x form and an EIP-681 code with the API's chain id, each copyable", async () => {
    renderWithProviders(<ReceiveModal address={ME} onClose={() => {}} />, { path: '/Dashboard' });
    const dialog = screen.getByRole('dialog');
    const spec = within(dialog).getByRole('img', { name: `QR code of ${ME}` });
    expect(spec.getAttribute('width')).toBe('256');
    expect(pathOf(spec)).toBe(qrPath(ME));
    expect(within(dialog).getByText(ME)).toBeInTheDocument();

    const uri = `ethereum:${HEX}@4242`;
    const evm = await within(dialog).findByRole('img', { name: `Payment QR code ${uri}` });
    expect(evm.getAttribute('width')).toBe('256');
    expect(pathOf(evm)).toBe(qrPath(uri));
    expect(within(dialog).getByText(HEX)).toBeInTheDocument();
    expect(within(dialog).getByText(uri)).toBeInTheDocument();
    expect(within(dialog).getByText('Payment link (EIP-681, chain 4242)')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy 0x address' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy payment link' }));
    await waitFor(() => expect(copied).toEqual([ME, HEX, uri]));
  });

  it("a token's Receive asks for a transfer of that token", async () => {
    renderWithProviders(<ReceiveModal address={ME} token={TOKEN} title="Receive RUSD" onClose={() => {}} />, { path: '/Dashboard' });
    const uri = `ethereum:${TOKEN_HEX}@4242/transfer?address=${HEX}`;
    const evm = await screen.findByRole('img', { name: `Payment QR code ${uri}` });
    expect(pathOf(evm)).toBe(qrPath(uri));
  });

  it('without a chain id says so; the r… and 0x forms stay', async () => {
    fetchMock.use([[pathMatcher('chainId'), fail(503, 'Service temporarily unavailable')]]);
    renderWithProviders(<ReceiveModal address={ME} onClose={() => {}} />, { path: '/Dashboard' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The chain id could not be read');
    expect(screen.getByRole('img', { name: `QR code of ${ME}` })).toBeInTheDocument();
    expect(screen.getByText(HEX)).toBeInTheDocument();
    expect(screen.queryByText(/^ethereum:/)).toBeNull();
  });
});
