import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Address } from '../../../src/ui/Address';
import { Amount } from '../../../src/ui/Amount';
import { Hash } from '../../../src/ui/Hash';
import { renderWithProviders } from '../utils/renderWithProviders';

const HASH = '0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef';
const ADDR = 'rAbCdEf0123456789aBcDeF0123456789AbCdEf01';

describe('Hash', () => {
  it('links the shortened hash to its transaction, full value in the title, with copy', () => {
    renderWithProviders(<Hash value={HASH} />);
    const link = screen.getByRole('link', { name: '0x1234...cdef' });
    expect(link).toHaveAttribute('href', `/transaction/${HASH}`);
    expect(link).toHaveAttribute('title', HASH);
    expect(screen.getByRole('button', { name: 'Copy hash' })).toBeInTheDocument();
  });

  it('card display, custom link and no copy', () => {
    renderWithProviders(<Hash value={HASH} display="card" href="/Block/7" copy={false} />);
    expect(screen.getByRole('link', { name: '0x1234...abcdef' })).toHaveAttribute('href', '/Block/7');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('plain text when href is null', () => {
    renderWithProviders(<Hash value={HASH} href={null} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('0x1234...cdef')).toBeInTheDocument();
  });
});

describe('Address', () => {
  it('links to the address page with the chosen leading length', () => {
    renderWithProviders(<Address value={ADDR} lead={5} />);
    expect(screen.getByRole('link', { name: 'rAbCd...Ef01' })).toHaveAttribute('href', `/address/${ADDR}`);
  });

  it('can link elsewhere (token pages) and show the whole value', () => {
    renderWithProviders(<Address value={ADDR} lead="full" href={`/TokenDetail/${ADDR}`} />);
    expect(screen.getByRole('link', { name: ADDR })).toHaveAttribute('href', `/TokenDetail/${ADDR}`);
  });

  it('plain text with the full value in the title, a copy icon for the whole address, and a class of its own', () => {
    const { container } = renderWithProviders(<Address value={ADDR} lead={5} href={null} className="extra" />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('rAbCd...Ef01')).toHaveAttribute('title', ADDR);
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeInTheDocument();
    expect(container.firstElementChild).toHaveClass('mono-value', 'extra');
  });

  it('shows a dash for an absent address (contract creation)', () => {
    renderWithProviders(<Address value={null} />);
    expect(screen.getByText('—')).toBeInTheDocument();
  });
});

describe('Amount', () => {
  it('formats per kind with the RUBY unit', () => {
    renderWithProviders(
      <>
        <Amount value="1.234567" />
        <Amount value="0.00021" kind="fee" />
        <Amount value="1.5" kind="detail" />
        <Amount value="1234.5" kind="usd" />
        <Amount wei="2500000000000000000" unit={false} />
      </>,
    );
    for (const text of ['1.23457 RUBY', '0.00021 RUBY', '1.500000 RUBY', '$1,234.50', '2.5']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
  });
});
