import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Header } from '../../../../src/app/layout/Header';
import { clearToken, setToken } from '../../../../src/lib/authToken';
import { renderWithProviders } from '../../utils/renderWithProviders';

const ORDER = [
  ['Transactions', '/Alltransactions'],
  ['Blocks', '/Allblock'],
  ['Top accounts', '/Topaccounts'],
  ['Deploy contract', '/Deploycontract'],
  ['Verified contracts', '/VerifiedRuby'],
  ['rubyWeb3 Docs', '/rubyWeb3Docs'],
  ['Tokens', '/Tokens'],
  ['Charts & stats', '/Chart'],
  ['Api', '/Api'],
  ['My Account', '/Account'],
];

describe('Header', () => {
  // Through authToken, as the app writes it: the session hears of each change (it does not
  // re-read localStorage when a component mounts).
  beforeEach(() => {
    localStorage.clear();
    clearToken();
  });
  afterEach(() => vi.useRealTimers());

  it('has the logo to / and the spec links in order', () => {
    renderWithProviders(<Header />);
    expect(screen.getByRole('link', { name: 'Ruby Explorer home' })).toHaveAttribute('href', '/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual(ORDER);
  });

  it('marks the current page', () => {
    renderWithProviders(<Header />, { path: '/Tokens' });
    expect(screen.getByRole('link', { name: 'Tokens' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Blocks' })).not.toHaveAttribute('aria-current');
  });

  it('shows no logout icon without a token', () => {
    renderWithProviders(<Header />);
    expect(screen.queryByRole('link', { name: 'Logout' })).toBeNull();
  });

  it('shows the logout icon while a token is held, also when it appears later', () => {
    renderWithProviders(<Header />);
    act(() => setToken('jwt'));
    expect(screen.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/');
  });

  it("logout removes the token, goes to /, shows 'Successfully logged out!' for 3 s", () => {
    vi.useFakeTimers();
    setToken('jwt');
    const { history } = renderWithProviders(<Header />, { path: '/Tokens' });
    fireEvent.click(screen.getByRole('link', { name: 'Logout' }));
    expect(localStorage.getItem('token')).toBeNull();
    expect(history.at(-1)).toBe('/');
    expect(screen.queryByRole('link', { name: 'Logout' })).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('Successfully logged out!');
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the logout alert can be dismissed', () => {
    setToken('jwt');
    renderWithProviders(<Header />);
    fireEvent.click(screen.getByRole('link', { name: 'Logout' }));
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("price strip shows '...' until data arrives", () => {
    renderWithProviders(<Header />);
    expect(screen.getByTestId('ruby-price')).toHaveTextContent('...');
    expect(screen.getByTestId('gas-fee')).toHaveTextContent('...');
  });

  it('price strip with data: USD, gas fee to 5 decimals, Android link in a new tab', () => {
    renderWithProviders(<Header price={{ priceUsd: 0.5, gasFee: 0.00021 }} />);
    expect(screen.getByTestId('ruby-price')).toHaveTextContent('$0.50');
    expect(screen.getByTestId('gas-fee')).toHaveTextContent('0.00021 RUBY');
    const app = screen.getByRole('link', { name: 'Android app' });
    expect(app).toHaveAttribute('target', '_blank');
    expect(app).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('indexing notice only while catching up', () => {
    renderWithProviders(<Header indexing={{ indexedBlock: 250, headBlock: 1000 }} />);
    expect(screen.getByText('Indexing block 250 of 1000 (25%)')).toBeInTheDocument();
  });

  it('no indexing notice once caught up', () => {
    renderWithProviders(<Header indexing={{ indexedBlock: 1000, headBlock: 1000 }} />);
    expect(screen.queryByText(/Indexing block/)).toBeNull();
  });

  it('the menu button toggles the navigation on narrow screens', () => {
    renderWithProviders(<Header />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(screen.getByRole('link', { name: 'Blocks' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
