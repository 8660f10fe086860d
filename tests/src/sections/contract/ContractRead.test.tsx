/**
 * Issue #38 item 19: Read contract shows every getter's value at once (each function without
 * arguments is read when the view opens, as Etherscan does); a function with arguments still
 * waits for its Query.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ContractRead } from '../../../../src/sections/contract/ContractRead';
import { READ_TEXTS } from '../../../../src/sections/contract/readTexts';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { mockApi, ok, type ApiMock } from '../../../helpers/fetchMock';
import { pathMatcher } from '../../../../common/api/paths';

const ADDRESS = 're7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const ABI = [
  { type: 'function', name: 'name', inputs: [], outputs: [{ name: '', type: 'string' }], stateMutability: 'view' },
  { type: 'function', name: 'totalSupply', inputs: [], outputs: [{ name: '', type: 'uint256' }], stateMutability: 'view' },
  {
    type: 'function',
    name: 'balanceOf',
    inputs: [{ name: 'account', type: 'address' }],
    outputs: [{ name: '', type: 'uint256' }],
    stateMutability: 'view',
  },
  { type: 'function', name: 'transfer', inputs: [], outputs: [], stateMutability: 'nonpayable' },
];
const ANSWERS: Record<string, unknown> = { 'name()': 'Ruby Gold', 'totalSupply()': '1000', 'balanceOf(address)': '42' };

let api: ApiMock | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

const reads = () =>
  api!.requests.filter((r) => pathMatcher('readContract').test(r.path)).map((r) => (r.body as { function: string }).function);
const form = (name: string) => screen.getByRole('form', { name: new RegExp(`\\. ${name}$`) });

describe('Read contract (issue #38 item 19)', () => {
  it('shows every getter at once and keeps the click for a function with arguments', async () => {
    api = mockApi([
      [
        pathMatcher('readContract'),
        (_path, req) => {
          const fn = (req.body as { function: string }).function;
          return ok([{ name: '', type: fn === 'name()' ? 'string' : 'uint256', value: ANSWERS[fn] }]);
        },
      ],
    ]);
    renderWithProviders(<ContractRead address={ADDRESS} abi={ABI} />);
    expect(await within(form('name')).findByText('Ruby Gold')).toBeInTheDocument();
    expect(await within(form('totalSupply')).findByText('1000')).toBeInTheDocument();
    expect(reads().sort()).toEqual(['name()', 'totalSupply()']);
    expect(within(form('balanceOf')).queryByText('42')).toBeNull();
    fireEvent.change(within(form('balanceOf')).getByRole('textbox'), { target: { value: ADDRESS } });
    fireEvent.click(within(form('balanceOf')).getByRole('button', { name: READ_TEXTS.query }));
    expect(await within(form('balanceOf')).findByText('42')).toBeInTheDocument();
    // A getter's button reads it again.
    fireEvent.click(within(form('name')).getByRole('button', { name: READ_TEXTS.refresh }));
    await within(form('name')).findByText('Ruby Gold');
    expect(reads().filter((f) => f === 'name()')).toHaveLength(2);
  });
});
