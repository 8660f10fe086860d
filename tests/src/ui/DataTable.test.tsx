import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_TEXTS } from '../../../common/spec';
import { DataTable, type Column } from '../../../src/ui/DataTable';

interface Row {
  id: string;
  value: number;
}

const columns: Column<Row>[] = [
  { key: 'id', header: 'Id', cell: (r) => r.id },
  { key: 'value', header: 'Value', cell: (r) => r.value, align: 'end' },
  { key: 'dup', header: 'Dup', cell: (r) => `dup-${r.id}`, hideOnMobile: true },
];
const rows: Row[] = [
  { id: 'a', value: 1 },
  { id: 'b', value: 2 },
];

function mockMatchMedia(matches: boolean) {
  const mql = { matches, addEventListener: vi.fn(), removeEventListener: vi.fn() };
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => mql),
  );
}

describe('DataTable', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows 'Loading...' while rows are undefined, reserving space", () => {
    render(
      <DataTable columns={columns} rows={undefined} rowKey={(r) => r.id} empty={EMPTY_TEXTS.noTrx} caption="Txs" placeholderRows={4} />,
    );
    const loading = screen.getByText('Loading...');
    expect(loading.parentElement).toHaveStyle({ minHeight: '11rem' });
  });

  it('shows the given empty text for an empty list', () => {
    render(<DataTable columns={columns} rows={[]} rowKey={(r) => r.id} empty={EMPTY_TEXTS.noTrx} caption="Txs" />);
    expect(screen.getByText('No Trx available')).toBeInTheDocument();
  });

  it('renders a table on wide screens', () => {
    render(<DataTable columns={columns} rows={rows} rowKey={(r) => r.id} empty="-" caption="Txs" />);
    const table = screen.getByRole('table', { name: 'Txs' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Id', 'Value', 'Dup']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('dup-a')).toBeInTheDocument();
  });

  it('renders label/value cards under 768 px', () => {
    mockMatchMedia(true);
    render(<DataTable columns={columns} rows={rows} rowKey={(r) => r.id} empty="-" caption="Txs" />);
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Txs' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getAllByText('Value')).toHaveLength(2);
    expect(within(list).queryByText('dup-a')).toBeNull();
  });
});
