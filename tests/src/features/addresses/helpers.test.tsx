import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isAddressInput, sameAddressInput } from '../../../../src/features/addresses/addressInput';
import { DetailCopyToasts } from '../../../../src/features/addresses/DetailCopyToasts';
import { CopyButton } from '../../../../src/ui/CopyButton';
import { renderWithProviders } from '../../utils/renderWithProviders';

describe('isAddressInput', () => {
  it.each([
    ['r976EA74026E726554dB657fA54763abd0C3a0aa9', true],
    ['R976ea74026e726554db657fa54763abd0c3a0aa9', true],
    ['0x976ea74026e726554db657fa54763abd0c3a0aa9', true],
    ['0X976EA74026E726554DB657FA54763ABD0C3A0AA9', true],
    [' r976EA74026E726554dB657fA54763abd0C3a0aa9 ', true],
    ['976ea74026e726554db657fa54763abd0c3a0aa9', false],
    ['r976ea74026e726554db657fa54763abd0c3a0aa', false],
    ['r976ea74026e726554db657fa54763abd0c3a0aaz', false],
    ['x976ea74026e726554db657fa54763abd0c3a0aa9', false],
    ['', false],
  ])('%s → %s', (input, valid) => expect(isAddressInput(input)).toBe(valid));

  it('compares r… and 0x… forms case-insensitively', () => {
    expect(sameAddressInput('r976EA74026E726554dB657fA54763abd0C3a0aa9', '0x976ea74026e726554db657fa54763abd0c3a0aa9')).toBe(true);
    expect(sameAddressInput('r976EA74026E726554dB657fA54763abd0C3a0aa9', 'r14dC79964da2C08b23698B3D3cc7Ca32193d9955')).toBe(false);
    expect(sameAddressInput('nope', 'nope')).toBe(false);
  });
});

describe('DetailCopyToasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(() => Promise.resolve()) }, configurable: true });
  });
  afterEach(() => vi.useRealTimers());

  it("turns the home copy toast into 'copied to clipboard!' cleared after 2000 ms", async () => {
    renderWithProviders(
      <DetailCopyToasts>
        <CopyButton value="0xabc" />
      </DetailCopyToasts>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(screen.getByRole('status')).toHaveTextContent('copied to clipboard!');
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('status')).toHaveTextContent('copied to clipboard!');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('passes other toasts through unchanged', async () => {
    renderWithProviders(
      <DetailCopyToasts>
        <CopyButton value="x" toast="api" label="Copy URL" />
      </DetailCopyToasts>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy URL' }));
    });
    expect(screen.getByRole('status')).toHaveTextContent('URL copied to clipboard');
  });
});
