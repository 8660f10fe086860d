/**
 * The advanced filter's form: what it writes to the URL on Apply, and an impossible filter refused
 * with the API's own words before anything runs.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FILTER_ERRORS } from '../../../../common/advancedFilter';
import { FilterForm } from '../../../../src/features/filter/FilterForm';
import { FILTER_TEXTS as T } from '../../../../src/features/filter/texts';

const ADDR = `r${'ab'.repeat(20)}`;

describe('FilterForm', () => {
  it('applies the fields typed, trimmed, defaults left out', async () => {
    const onApply = vi.fn();
    render(<FilterForm query={{}} onApply={onApply} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(T.from), ` ${ADDR} ,  0x${'cd'.repeat(20)}`);
    await user.click(screen.getByLabelText(T.kindNames.internal));
    await user.type(screen.getByLabelText(T.fromBlock), '5{Enter}');
    expect(onApply).toHaveBeenCalledWith({ from: `${ADDR},0x${'cd'.repeat(20)}`, kind: 'tx,token,nft', fromBlock: '5' });
  });

  it('refuses a reversed block range with the words of the API, and applies nothing', async () => {
    const onApply = vi.fn();
    render(<FilterForm query={{ from: ADDR }} onApply={onApply} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(T.fromBlock), '9');
    await user.type(screen.getByLabelText(T.toBlock), '3{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(FILTER_ERRORS.blockRange(9, 3));
    expect(onApply).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(T.method), { target: { value: '0x12' } });
    fireEvent.change(screen.getByLabelText(T.toBlock), { target: { value: '30' } });
    await user.click(screen.getByRole('button', { name: T.apply }));
    expect(screen.getByRole('alert')).toHaveTextContent(FILTER_ERRORS.selector('0x12'));
  });
});
