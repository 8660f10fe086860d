/**
 * The shared CodeBlock: the docs' corner layout (the box named by its label, the copy icon in
 * its corner, 'Copied to clipboard!') and the contract pages' heading layout (an h3 naming the
 * box, the copy button beside it with its own name and the detail toast), plain or drawn by
 * the caller (the highlighted CodeView).
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CodeView } from '../../../src/ui/CodeView';
import { CodeBlock } from '../../../src/ui/CodeBlock';
import { renderWithProviders } from '../utils/renderWithProviders';

let writeText: ReturnType<typeof vi.fn>;
beforeEach(() => {
  writeText = vi.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

async function click(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

describe('CodeBlock', () => {
  it('corner layout: a focusable box named by the label, its language, and a copy icon for the same text', async () => {
    const code = 'curl "https://example.org/api/getLatestBlocks"';
    const { container } = renderWithProviders(<CodeBlock label="First request" language="shell" code={code} />);
    const box = screen.getByLabelText('First request', { exact: true });
    expect(box.tagName).toBe('PRE');
    expect(box).toHaveClass('code-block');
    expect(box).toHaveAttribute('tabindex', '0');
    expect(box).toHaveAttribute('data-language', 'shell');
    expect(box.querySelector('code')).toHaveTextContent(code);
    expect(container.querySelector('.code-block-corner > .code-block__copy')).toBe(
      screen.getByRole('button', { name: 'Copy: First request' }),
    );
    expect(screen.queryByRole('heading')).toBeNull();
    await click('Copy: First request');
    expect(writeText).toHaveBeenCalledWith(code);
    expect(screen.getByRole('status')).toHaveTextContent('Copied to clipboard!');
  });

  it('heading layout: an h3 names the plain box, the copy button has its own name and the detail toast', async () => {
    renderWithProviders(
      <CodeBlock layout="heading" label="Contract Bytecode" code="0x6080604052" copyLabel="Copy bytecode" toast="detail" />,
    );
    const heading = screen.getByRole('heading', { level: 3, name: 'Contract Bytecode' });
    const box = heading.closest('section')?.querySelector('pre.code-block');
    expect(box).toHaveAttribute('aria-labelledby', heading.id);
    expect(box).toHaveAttribute('tabindex', '0');
    expect(box).toHaveTextContent('0x6080604052');
    expect(box?.querySelector('code')).toBeNull();
    await click('Copy bytecode');
    expect(writeText).toHaveBeenCalledWith('0x6080604052');
    expect(screen.getByRole('status')).toHaveTextContent('copied to clipboard!');
  });

  it('heading layout with a box the caller draws (the highlighted CodeView), named by the heading', () => {
    renderWithProviders(
      <CodeBlock
        layout="heading"
        label="Contract Source Code"
        code="contract A {}"
        copyLabel="Copy source code"
        renderBox={({ labelledBy }) => <CodeView code="contract A {}" language="solidity" labelledBy={labelledBy} />}
      />,
    );
    const box = screen.getByLabelText('Contract Source Code', { selector: 'pre' });
    expect(box).toHaveClass('code-view');
    expect(box).toHaveAttribute('data-language', 'solidity');
    expect(box.querySelector('.tok-keyword')).toHaveTextContent('contract');
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Copy source code']);
  });
});
