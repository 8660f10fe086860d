import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from '../../../../src/features/wallet/Modal';

describe('Modal', () => {
  it('closes on Escape inside the dialog, once', () => {
    const onClose = vi.fn();
    render(
      <Modal title="Send" onClose={onClose}>
        <input aria-label="Amount" />
      </Modal>,
    );
    fireEvent.keyDown(screen.getByLabelText('Amount'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape when focus has fallen out of the dialog (disabled fields while sending)', () => {
    const onClose = vi.fn();
    render(
      <Modal title="Send" onClose={onClose}>
        <input aria-label="Amount" disabled />
      </Modal>,
    );
    (document.activeElement as HTMLElement | null)?.blur();
    expect(screen.getByRole('dialog')).not.toContainElement(document.activeElement as HTMLElement);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not close a modal that must be answered', () => {
    render(
      <Modal title="Confirm">
        <button type="button">OK</button>
      </Modal>,
    );
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
