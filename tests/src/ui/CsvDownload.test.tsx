import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CsvDownload, csvHref } from '../../../src/ui/CsvDownload';
import { apiPaths } from '../../../common/api/paths';

const ADDRESS = 'r00000000000000000000000000000000000B0057';

describe('CsvDownload', () => {
  it('links to the whole history, then to the chosen UTC date range', () => {
    render(<CsvDownload kind="tokentransfers" address={ADDRESS} />);
    const link = screen.getByRole('link', { name: 'Download token transfers', hidden: true });
    expect(link).toHaveAttribute('href', apiPaths.exportCsv({ kind: 'tokentransfers', file: `${ADDRESS}.csv` }));
    expect(link).toHaveAttribute('download');
    fireEvent.change(screen.getByLabelText('From (UTC)'), { target: { value: '2026-01-02' } });
    fireEvent.change(screen.getByLabelText('To (UTC)'), { target: { value: '2026-03-04' } });
    expect(screen.getByRole('link', { hidden: true })).toHaveAttribute(
      'href',
      apiPaths.exportCsv({ kind: 'tokentransfers', file: `${ADDRESS}.csv` }, { start: '2026-01-02', end: '2026-03-04' }),
    );
  });

  it('says why there is no link when the start date is after the end date', () => {
    render(<CsvDownload kind="transactions" address={ADDRESS} />);
    fireEvent.change(screen.getByLabelText('From (UTC)'), { target: { value: '2026-05-01' } });
    fireEvent.change(screen.getByLabelText('To (UTC)'), { target: { value: '2026-04-01' } });
    expect(screen.queryByRole('link', { hidden: true })).toBeNull();
    expect(screen.getByRole('alert', { hidden: true })).toHaveTextContent('The start date is after the end date.');
  });

  // jsdom does not toggle <details> from the keyboard (browsers do on Enter and Space): the summary is
  // checked to be first in tab order, then opened with a click, and the rest reached by Tab.
  it('is in tab order: the summary, then the dates and the link', async () => {
    const user = userEvent.setup();
    render(<CsvDownload kind="internal" address={ADDRESS} />);
    await user.tab();
    expect(screen.getByText('Download CSV')).toHaveFocus();
    await user.click(screen.getByText('Download CSV'));
    expect(screen.getByRole('group', { name: 'Download internal transactions as CSV' })).toBeVisible();
    await user.tab();
    expect(screen.getByLabelText('From (UTC)')).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('To (UTC)')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Download internal transactions' })).toHaveFocus();
  });

  it('encodes the address into the path (builders encode)', () => {
    expect(csvHref('transactions', 'r/../x', '', '')).toBe(apiPaths.exportCsv({ kind: 'transactions', file: 'r/../x.csv' }));
  });
});
