/**
 * The transaction page's Call tree tab (issue #40 item 3): asked only when the tab opens, walked
 * by keyboard as a WAI-ARIA tree (one tab stop; arrows, Home / End, Enter / Space), the reverted
 * frame marked in words with its reason and source line linked to the contract's code, and the
 * code view marking that line.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallFrame, CallTree } from '../../../../common/api/callTree';
import { pathMatcher, paths } from '../../../../common/api/paths';
import { TransactionPage } from '../../../../src/features/transactions/TransactionPage';
import { CALL_TREE_TAB, CALL_TREE_TEXTS } from '../../../../src/features/transactions/callTreeTexts';
import { CodeView } from '../../../../src/ui/CodeView';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { mockApi, ok, type FetchMock } from '../../../helpers/fetchMock';
import { FROM, HASH, TO, TOKEN, txDetail } from './fixtures';

vi.setConfig({ testTimeout: 20_000 });

let api: FetchMock | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

const frame = (path: number[], type: string, fn: string | null, extra: Partial<CallFrame> = {}): CallFrame => ({
  path,
  type,
  from: FROM,
  to: TO,
  toName: path.length === 0 ? 'Root' : 'Leaf',
  valueWei: '0',
  gas: '100000',
  gasUsed: '2300',
  input: '0x',
  inputBytes: fn ? 4 : 0,
  call: fn ? { function: fn, signature: `${fn}()`, selector: '0x12345678', source: 'verified', args: [] } : null,
  output: null,
  outputDecoded: null,
  error: null,
  revert: null,
  revertSource: null,
  ...extra,
});

const TREE: CallTree = {
  hash: HASH,
  origin: 'node',
  complete: true,
  revertSourceNote: null,
  frames: [
    frame([], 'CALL', 'run', { valueWei: '5000000000000000000' }),
    frame([0], 'STATICCALL', 'peek', { outputDecoded: [{ name: 'arg0', type: 'uint256', value: '0' }] }),
    frame([1], 'CALL', 'check', {
      error: 'execution reverted',
      revert: { kind: 'custom', name: 'TooBig', args: [{ name: 'given', type: 'uint256', value: '42' }] },
      revertSource: {
        address: TOKEN,
        contractName: 'Leaf',
        file: 'CallTree.sol',
        line: 12,
        column: 21,
        text: 'revert TooBig(x, 10);',
        pc: 204,
      },
    }),
    frame([1, 0], 'STATICCALL', 'peek'),
    frame([2], 'CREATE', null, { to: TOKEN, inputBytes: 345 }),
  ],
};

async function openTree() {
  api = mockApi([
    [pathMatcher('txData'), ok(txDetail())],
    [pathMatcher('txCallTree'), ok(TREE)],
  ]);
  renderWithProviders(<TransactionPage hash={HASH} />, { path: `/transaction/${HASH}` });
  const user = userEvent.setup();
  const tab = await screen.findByRole('tab', { name: CALL_TREE_TAB });
  expect(api.calls).not.toContain(paths.txCallTree(HASH));
  await user.click(tab);
  const tree = await screen.findByRole('tree', { name: CALL_TREE_TEXTS.label });
  expect(api.calls).toContain(paths.txCallTree(HASH));
  return { user, tree };
}

/** What a tree item reads first: its own head (type, "Reverted", callee and call), without the aria-hidden marks. */
function nameOf(el: Element | null | undefined): string {
  const head = el?.querySelector(':scope > .call-frame__row .call-frame__head');
  if (!head) return '';
  const copy = head.cloneNode(true) as Element;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((h) => h.remove());
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}
/** The name up to its call's arguments: 'CALL Root.run' of 'CALL Root.run()'. */
const shortName = (el: Element | null | undefined) => nameOf(el).replace(/\(.*$/, '');
const focusedName = () => shortName(document.activeElement);

describe('Call tree tab', () => {
  it('walks the frames by keyboard as a tree', async () => {
    const { user, tree } = await openTree();
    const items = within(tree).getAllByRole('treeitem');
    expect(items.map((i) => shortName(i))).toEqual([
      'CALL Root.run',
      'STATICCALL Leaf.peek',
      `CALL ${CALL_TREE_TEXTS.reverted} Leaf.check`,
      'STATICCALL Leaf.peek',
      expect.stringMatching(/^CREATE Leaf creation code/),
    ]);
    // One tab stop: the first frame.
    expect(items.filter((i) => i.tabIndex === 0)).toEqual([items[0]]);
    items[0]!.focus();
    await user.keyboard('{ArrowDown}');
    expect(focusedName()).toBe('STATICCALL Leaf.peek');
    await user.keyboard('{ArrowDown}');
    expect(focusedName()).toBe(`CALL ${CALL_TREE_TEXTS.reverted} Leaf.check`);
    expect(document.activeElement).toHaveAttribute('aria-expanded', 'true');
    expect(document.activeElement).toHaveAttribute('aria-level', '2');
    // Left closes the open frame, Left again goes to its parent; Right opens, Right again goes in.
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toHaveAttribute('aria-expanded', 'false');
    expect(within(tree).getAllByRole('treeitem')).toHaveLength(4);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(focusedName()).toBe('STATICCALL Leaf.peek');
    expect(document.activeElement).toHaveAttribute('aria-level', '3');
    await user.keyboard('{ArrowLeft}');
    expect(focusedName()).toBe(`CALL ${CALL_TREE_TEXTS.reverted} Leaf.check`);
    await user.keyboard('{End}');
    expect(focusedName()).toMatch(/^CREATE Leaf creation code/);
    await user.keyboard('{Home}');
    expect(focusedName()).toBe('CALL Root.run');
    // Enter and Space toggle the top frame.
    await user.keyboard('{Enter}');
    expect(within(tree).getAllByRole('treeitem')).toHaveLength(1);
    await user.keyboard(' ');
    expect(within(tree).getAllByRole('treeitem')).toHaveLength(5);
  });

  it('marks the reverted frame in words, with its reason and its source line linked to the code', async () => {
    const { tree } = await openTree();
    const check = within(tree).getByRole('treeitem', { name: new RegExp(`^CALL ${CALL_TREE_TEXTS.reverted} Leaf\\.check\\(`) });
    const own = check.querySelector('.call-frame__row') as HTMLElement;
    expect(own).toHaveTextContent(CALL_TREE_TEXTS.reverted);
    expect(own).toHaveTextContent('TooBig(given: 42)');
    const link = within(own).getByRole('link', { name: CALL_TREE_TEXTS.sourceLine('CallTree.sol', '12') });
    expect(link).toHaveAttribute('href', `/contractDetail/${TOKEN}?tab=contract&file=CallTree.sol&line=12`);
    expect(own).toHaveTextContent('revert TooBig(x, 10);');
    expect(
      within(tree)
        .getByRole('treeitem', { name: /^CALL Root\.run\(/ })
        .querySelector('.call-frame__row'),
    ).toHaveTextContent('5 RUBY');
  });

  it('marks a line in the code view', () => {
    render(<CodeView code={'a\nb\nc'} language="solidity" label="code" highlightLine={2} highlightLabel="Line 2, marked:" />);
    const mark = screen.getByLabelText('code').querySelector('mark');
    expect(mark).toHaveTextContent('Line 2, marked: b');
    expect(screen.getByLabelText('code').textContent).toBe('a\nLine 2, marked: b\nc');
  });
});
