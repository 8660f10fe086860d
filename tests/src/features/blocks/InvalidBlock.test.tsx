import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BlockPage } from '../../../../src/features/blocks/BlockPage';
import { BLOCK_TEXTS } from '../../../../src/features/blocks/texts';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { mockApi, type ApiMock } from '../../../helpers/fetchMock';

let api: ApiMock | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

// Issue #25, item 13: '/Block/abc' read 'Block #' over an empty panel.
describe('BlockPage with a value that is neither a number nor a hash', () => {
  it.each(['abc', '12abc', '0x1234', '-5'])('/Block/%s says the block value is invalid, without asking the server', (value) => {
    api = mockApi([]);
    renderWithProviders(<BlockPage blockNumber={value} />, { path: `/Block/${value}` });
    const h1 = screen.getByRole('heading', { level: 1 });
    expect(h1).toHaveTextContent(BLOCK_TEXTS.invalidTitle);
    expect(h1.textContent).not.toMatch(/^Block #$/);
    expect(screen.getByRole('alert')).toHaveTextContent(`“${value}” is not a block number or a block hash.`);
    expect(screen.getByRole('alert')).toHaveTextContent(BLOCK_TEXTS.invalidHint);
    expect(screen.getByRole('search')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.includes('getBlockNumberdata'))).toEqual([]);
  });
});
