/**
 * The route skeleton (issue #17) is replaced by the screen without anything moving: its search box
 * is the real one's markup, and its heading is the one the screen renders.
 */
import { render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { skeletonOf } from '../../../../common/routeSkeleton';
import { SCREEN_TITLES, SEARCH } from '../../../../common/spec';
import { RouteSkeleton } from '../../../../src/app/shell/RouteSkeleton';
import { SearchBox } from '../../../../src/sections/search/SearchBox';
import { SearchBoxSkeleton } from '../../../../src/sections/search/SearchBoxSkeleton';
import { renderWithProviders } from '../../utils/renderWithProviders';

const PER_INSTANCE = new Set(['id', 'for', 'aria-describedby', 'aria-controls']);

/** An element as tag, attributes (sorted, without useId's ids and the references to them) and children. */
function shape(el: Element): string {
  const attrs = [...el.attributes]
    .filter((a) => !PER_INSTANCE.has(a.name))
    .map((a) => `${a.name}="${a.value}"`)
    .sort()
    .join(' ');
  const children = [...el.childNodes].map((n) => (n.nodeType === 1 ? shape(n as Element) : (n.textContent ?? ''))).join('');
  return `<${el.tagName.toLowerCase()} ${attrs}>${children}</>`;
}

describe('SearchBoxSkeleton', () => {
  it.each(['hero', 'compact'] as const)('is the SearchBox at rest, element for element (%s)', (variant) => {
    const real = renderWithProviders(<SearchBox variant={variant} />).container.querySelector('.search-box');
    // As the served HTML has it: the static render, parsed.
    const html = renderToStaticMarkup(<SearchBoxSkeleton variant={variant} />);
    const skeleton = render(<div dangerouslySetInnerHTML={{ __html: html }} />).container.querySelector('.search-box');
    if (!real || !skeleton) throw new Error('no search box');
    expect(shape(skeleton)).toBe(shape(real));
  });
});

describe('skeletonOf', () => {
  it.each([
    ['/', 'home', SEARCH.title],
    ['/AA', 'homeAa', SEARCH.title],
    ['/Block/12', 'block', `${SCREEN_TITLES.block}12`],
    [`/block/0x${'ab'.repeat(32)}`, 'block', SCREEN_TITLES.block],
    ['/transaction/0x12', 'transaction', SCREEN_TITLES.transaction],
    ['/address/r123', 'address', SCREEN_TITLES.address],
  ])('%s → %s, heading %s', (path, kind, heading) => {
    expect(skeletonOf(path)).toMatchObject({ kind, heading });
  });

  it.each(['/block/abc', '/block/12/x', '/tokens', '/address/a%3Cb', `/address/${'a'.repeat(101)}`])('%s has none', (path) => {
    expect(skeletonOf(path)).toBeNull();
  });
});

describe('RouteSkeleton', () => {
  it('shows the block heading, the value and a busy panel, no style attribute', () => {
    const spec = skeletonOf('/Block/12');
    if (!spec) throw new Error('no skeleton');
    const { container } = render(<RouteSkeleton skeleton={spec} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`${SCREEN_TITLES.block}12`);
    expect(screen.getByRole('search')).toBeInTheDocument();
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(container.innerHTML).not.toContain('style=');
  });
});
