/**
 * Issue #25 item 4: one number formatter (src/lib/amount.ts) for every amount and count the SPA shows.
 * Before: '9971.2797 RUBY' ungrouped on the address page, '1000000000 RUSD' in a row beside
 * '100,000,000,000 RUSD', '0.00010 Fee' on the home page beside a '0.0001 RUBY' fee in a list,
 * toLocaleString / toFixed by hand in several screens, and four formatting files in src/lib.
 */
import fs from 'node:fs';
import path from 'node:path';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TransactionList } from '../../../src/sections/transactions/TransactionList';
import { PROJECT_ROOT } from '../../../server/paths';
import { renderWithProviders } from '../utils/renderWithProviders';
import { listTx } from '../features/transactions/fixtures';

vi.setConfig({ testTimeout: 20_000 });

const SRC = path.join(PROJECT_ROOT, 'src');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('the one number formatter', () => {
  it('is the only place that formats numbers: no toFixed, toLocaleString, Intl.NumberFormat or formatUnits elsewhere in src/', () => {
    const allowed = new Set(['lib/amount.ts', 'lib/decimal.ts']);
    const found: string[] = [];
    for (const file of sources(SRC)) {
      const rel = path.relative(SRC, file).split(path.sep).join('/');
      if (allowed.has(rel)) continue;
      fs.readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          // A date's own locale text (a title on relative ages) is not a number.
          const hand =
            /\.toFixed\(|Intl\.NumberFormat|\bformatUnits\(|\bformatEther\(|\.toLocaleString\(/.test(line) && !/new Date\(/.test(line);
          if (hand) found.push(`${rel}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('lives in one file: the older helpers (tokenAmount.ts, percentage.ts) are folded into amount.ts', () => {
    const lib = fs.readdirSync(path.join(SRC, 'lib'));
    expect(lib.filter((f) => /^(tokenAmount|percentage)\.ts$/.test(f))).toEqual([]);
    const detail = fs.readFileSync(path.join(SRC, 'lib', 'detailFormat.ts'), 'utf8');
    expect(detail).not.toMatch(/export function (formatDetailUnits|formatGwei|groupDigits|percentOf)/);
  });

  it('shows a list row with a grouped value and a 5-decimal fee, as the home page does', () => {
    const row = listTx({ value: 1_000_000_000, valueWei: '1000000000000000000000000000', fee: 0.0001, feeWei: '100000000000000' });
    renderWithProviders(<TransactionList items={[row]} empty="None" caption="Txs" />);
    const cells = within(screen.getAllByRole('row')[1] as HTMLElement);
    expect(cells.getByText('1,000,000,000 RUBY')).toBeInTheDocument();
    expect(cells.getByText('0.00010 RUBY')).toBeInTheDocument();
  });
});
