/**
 * useTabParam: a screen's tab in ?tab= (a slug of the label; none for the first tab). A tab
 * change pushes an entry and drops the previous tab's ?page= and ?ps=; an unknown or non-canonical
 * value is replaced by what the screen shows.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TABS } from '../../../common/spec';
import { Tabs } from '../../../src/ui/Tabs';
import { readTab, useTabParam } from '../../../src/ui/useTabParam';
import { renderWithProviders } from '../utils/renderWithProviders';

function Screen() {
  const [tab, setTab] = useTabParam(TABS.address);
  return (
    <Tabs label="Address details" tabs={TABS.address} value={tab} onChange={setTab}>
      {(t) => <p>panel {t}</p>}
    </Tabs>
  );
}

const selected = () => screen.getByRole('tab', { selected: true }).textContent;

describe('useTabParam', () => {
  it('reads a tab by its slug, any case; nothing else', () => {
    expect(readTab('token-transfers', TABS.address)).toBe('Token transfers');
    expect(readTab('Internal txns', TABS.address)).toBe('Internal txns');
    expect(readTab('TOKENS', TABS.address)).toBe('Tokens');
    expect(readTab('withdrawals', TABS.address)).toBeUndefined();
    expect(readTab(null, TABS.address)).toBeUndefined();
  });

  it('opens the tab the URL names, and the first tab without one', () => {
    const { unmount } = renderWithProviders(<Screen />, { path: '/address/r1?tab=internal-txns' });
    expect(selected()).toBe('Internal txns');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('panel Internal txns');
    unmount();
    renderWithProviders(<Screen />, { path: '/address/r1' });
    expect(selected()).toBe('Transactions');
  });

  it('a tab change pushes an entry and drops the list page and size; the first tab has no ?tab=', () => {
    const { history } = renderWithProviders(<Screen />, { path: '/address/r1?page=3&ps=50' });
    fireEvent.click(screen.getByRole('tab', { name: 'Token transfers' }));
    expect(history).toEqual(['/address/r1?page=3&ps=50', '/address/r1?tab=token-transfers']);
    fireEvent.click(screen.getByRole('tab', { name: 'Transactions' }));
    expect(history.at(-1)).toBe('/address/r1');
    expect(history).toHaveLength(3);
  });

  it('follows the URL (Back, Forward, a link) without a new entry', () => {
    const { history, navigate } = renderWithProviders(<Screen />, { path: '/address/r1?tab=tokens' });
    expect(selected()).toBe('Tokens');
    act(() => navigate('/address/r1?tab=token-transfers&page=2'));
    expect(selected()).toBe('Token transfers');
    expect(history).toEqual(['/address/r1?tab=tokens', '/address/r1?tab=token-transfers&page=2']);
  });

  it('an unknown or non-canonical ?tab= is replaced by what the screen shows', () => {
    const { history, unmount } = renderWithProviders(<Screen />, { path: '/address/r1?tab=nonsense&page=2' });
    expect(selected()).toBe('Transactions');
    expect(history).toEqual(['/address/r1?page=2']);
    unmount();
    const second = renderWithProviders(<Screen />, { path: '/address/r1?tab=Token%20transfers' });
    expect(selected()).toBe('Token transfers');
    expect(second.history).toEqual(['/address/r1?tab=token-transfers']);
  });
});
