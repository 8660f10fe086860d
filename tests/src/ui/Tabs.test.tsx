import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TABS } from '../../../common/spec';
import { Tabs } from '../../../src/ui/Tabs';

describe('Tabs', () => {
  it('renders an accessible tab list with the first tab selected', () => {
    render(
      <Tabs label="Transaction" tabs={TABS.transaction}>
        {(tab) => <p>panel {tab}</p>}
      </Tabs>,
    );
    expect(screen.getByRole('tablist', { name: 'Transaction' })).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Details', 'Token transfers', 'Internal txns', 'Raw trace']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[0]).toHaveAttribute('tabindex', '0');
    expect(tabs[1]).toHaveAttribute('tabindex', '-1');
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveTextContent('panel Details');
    expect(panel).toHaveAttribute('aria-labelledby', tabs[0]?.id);
  });

  it('selects on click and reports the change', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Tabs label="Blocks" tabs={TABS.blocks} onChange={onChange}>
        {(tab) => <p>panel {tab}</p>}
      </Tabs>,
    );
    await user.click(screen.getByRole('tab', { name: 'Uncles' }));
    expect(onChange).toHaveBeenCalledWith('Uncles');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('panel Uncles');
  });

  it('moves with the arrow keys (wrapping), Home and End', async () => {
    const user = userEvent.setup();
    render(
      <Tabs label="Blocks" tabs={TABS.blocks}>
        {(tab) => <p>panel {tab}</p>}
      </Tabs>,
    );
    await user.click(screen.getByRole('tab', { name: 'All' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Forked' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Forked' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Uncles' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Uncles' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('panel Uncles');
  });

  it('is controllable and honours defaultValue', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { unmount } = render(<Tabs label="Dash" tabs={TABS.dashboard} value="Tokens" onChange={onChange} />);
    expect(screen.getByRole('tab', { name: 'Tokens' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Token Transactions' }));
    expect(onChange).toHaveBeenCalledWith('Token Transactions');
    // Controlled: nothing changes until the parent says so.
    expect(screen.getByRole('tab', { name: 'Tokens' })).toHaveAttribute('aria-selected', 'true');
    unmount();
    render(<Tabs label="Dash" tabs={TABS.dashboard} defaultValue="Tokens" />);
    expect(screen.getByRole('tab', { name: 'Tokens' })).toHaveAttribute('aria-selected', 'true');
  });
});
