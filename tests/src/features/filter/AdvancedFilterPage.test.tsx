/** The advanced filter page: the form writes the URL, the fields stay editable after it has. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../../src/app/App';
import { makeStore } from '../../../../src/app/store';
import { pathMatcher } from '../../../../common/api/paths';
import { mockApi, type ApiMock } from '../../../helpers/fetchMock';
import { FILTER_TEXTS as T } from '../../../../src/features/filter/texts';

let api: ApiMock | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

describe('AdvancedFilterPage', { timeout: 20_000 }, () => {
  it('keeps its fields editable after a filter is applied', async () => {
    api = mockApi([[pathMatcher('advancedFilter'), { body: { status: true, result: [], next: null } }]]);
    const loc = memoryLocation({ path: '/advanced-filter', record: true });
    render(<App locationHook={loc.hook} store={makeStore()} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(T.from), `r${'ab'.repeat(20)}{Enter}`);
    expect(loc.history.at(-1)).toContain('from=r');
    await user.type(await screen.findByLabelText(T.fromBlock), '9');
    expect(screen.getByLabelText(T.fromBlock)).toHaveValue('9');
  });
  it('names a call with no input "Transfer" in the Method column, and shows a selector it could not name', async () => {
    const row = (hash: string, methodId: string) => ({
      kind: 'tx',
      hash,
      blockNumber: 5,
      txIndex: 0,
      index: 0,
      timestamp: 1_700_000_000,
      createdAt: '2023-11-14T22:13:20.000Z',
      from: `r${'ab'.repeat(20)}`,
      to: `r${'cd'.repeat(20)}`,
      method: null,
      methodId,
      status: 'Success',
      value: 1,
      valueWei: '1000000000000000000',
      token: null,
      tokenId: null,
    });
    const rows = [row(`0x${'1'.repeat(64)}`, '0x'), row(`0x${'2'.repeat(64)}`, '0x12345678')];
    api = mockApi([[pathMatcher('advancedFilter'), { body: { status: true, result: rows, next: null } }]]);
    const loc = memoryLocation({ path: '/advanced-filter?kind=tx', record: true });
    render(<App locationHook={loc.hook} store={makeStore()} />);
    expect(await screen.findAllByText('Transfer')).not.toHaveLength(0);
    expect(screen.getAllByText('0x12345678')).not.toHaveLength(0);
    expect(screen.queryByText('0x', { exact: true })).toBeNull();
  });
});
