/** DetailSummary, the overview panel of the address, token and contract pages. */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DetailSummary } from '../../../src/ui/DetailSummary';

describe('DetailSummary', () => {
  it('is a region named by its title, listing each label with its value in order, the wide row spanning the grid', () => {
    render(
      <DetailSummary
        id="x-overview"
        title="Overview"
        wide="Creator"
        rows={[
          ['Name', 'Ruby Gold'],
          [
            'Creator',
            <a key="c" href="/address/r1">
              r1
            </a>,
          ],
          ['Holders', '1,024'],
        ]}
      />,
    );
    const region = screen.getByRole('region', { name: 'Overview' });
    expect(
      within(region)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Name', 'Creator', 'Holders']);
    expect(
      within(region)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['Ruby Gold', 'r1', '1,024']);
    const rows = within(region)
      .getAllByRole('term')
      .map((t) => t.parentElement);
    expect(rows.map((r) => r?.className ?? '')).toEqual(['', 'detail-grid__wide', '']);
  });
});
