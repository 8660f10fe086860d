/** Issue #38 item 18: Escape closes the open phone menu and puts the focus back on its button (WAI-ARIA disclosure). */
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Header } from '../../../../src/app/layout/Header';
import { renderWithProviders } from '../../utils/renderWithProviders';

describe('phone menu', () => {
  it('Escape from a link inside closes it and focuses the menu button; Escape when closed does nothing', () => {
    renderWithProviders(<Header />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const link = screen.getByRole('link', { name: 'Blocks' });
    act(() => link.focus());
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    act(() => link.focus());
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(link).toHaveFocus();
  });
});
