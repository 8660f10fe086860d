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
});
