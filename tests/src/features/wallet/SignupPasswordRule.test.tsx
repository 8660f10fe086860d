/**
 * The sign-up's password field (issue #45): the 8-character rule is under the field from the
 * start and follows the typing (not only a modal after submitting), in English and Hindi; the
 * field asks password managers for a new password, the log-in's for the current one.
 */
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../../../../src/features/wallet/LoginPage';
import { SignupPage } from '../../../../src/features/wallet/SignupPage';
import { setLocale } from '../../../../src/lib/i18n/locale';
import { mockFetch } from '../../../helpers/fetchMock';
import { renderWithProviders } from '../../utils/renderWithProviders';

beforeEach(() => {
  localStorage.clear();
  mockFetch([]);
});
afterEach(async () => {
  await setLocale('en');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const rule = () => {
  const field = screen.getByLabelText('Password');
  const id = field.getAttribute('aria-describedby');
  expect(id).toBeTruthy();
  return document.getElementById(id ?? '')?.textContent;
};

describe('the sign-up password field', () => {
  it('shows the 8-character rule as the user types, before any submit, and asks for a new password', () => {
    renderWithProviders(<SignupPage />, { path: '/Signup' });
    const field = screen.getByLabelText('Password');
    expect(field).toHaveAttribute('autocomplete', 'new-password');
    expect(rule()).toBe('Use at least 8 characters.');
    fireEvent.change(field, { target: { value: 'abc' } });
    expect(rule()).toBe('Use at least 8 characters: 5 more to go.');
    fireEvent.change(field, { target: { value: 'abcdefg' } });
    expect(rule()).toBe('Use at least 8 characters: 1 more to go.');
    fireEvent.change(field, { target: { value: 'abcdefgh' } });
    expect(rule()).toBe('At least 8 characters: done.');
    fireEvent.change(field, { target: { value: 'x'.repeat(257) } });
    expect(rule()).toBe('Use at most 256 characters.');
    // Shown inline, no modal.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reads in Hindi', async () => {
    await setLocale('hi');
    renderWithProviders(<SignupPage />, { path: '/Signup' });
    const field = screen.getByLabelText('पासवर्ड');
    fireEvent.change(field, { target: { value: 'abc' } });
    const id = field.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(id)?.textContent).toBe('कम से कम 8 अक्षरों का पासवर्ड रखें: 5 और चाहिए।');
    fireEvent.change(field, { target: { value: 'abcdefgh' } });
    expect(document.getElementById(id)?.textContent).toBe('कम से कम 8 अक्षर: पूरा हुआ।');
  });

  it('the log-in keeps current-password and shows no rule', () => {
    renderWithProviders(<LoginPage />, { path: '/Account' });
    const field = screen.getByLabelText('Password');
    expect(field).toHaveAttribute('autocomplete', 'current-password');
    expect(field).not.toHaveAttribute('aria-describedby');
  });
});
