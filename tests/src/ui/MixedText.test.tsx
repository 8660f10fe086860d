/** English terms kept inside a Hindi sentence (issue #21): marked lang="en"; English and untranslated text untouched. */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mixedText, MixedText } from '../../../src/ui/MixedText';

describe('mixedText', () => {
  it('returns an English text as it is (the English page is unchanged)', () => {
    const text = 'getBalance(address) returns the RUBY balance: an exact decimal string and the amount in wei.';
    expect(mixedText(text)).toBe(text);
    expect(mixedText('शेष राशि')).toBe('शेष राशि');
  });

  it('leaves an untranslated English sentence unmarked, so the Hindi route walk still finds it', () => {
    const { container } = render(<MixedText text="Balances live from the node" />);
    expect(container.querySelector('[lang]')).toBeNull();
  });

  it('marks each run of Latin words in a Hindi sentence lang="en" translate="no", the text unchanged', () => {
    const text = 'getBalance(address) सीधे नोड से RUBY शेष राशि लौटाता है (value और valueWei, fee और feeWei)।';
    const { container } = render(
      <p>
        <MixedText text={text} />
      </p>,
    );
    expect(container.textContent).toBe(text);
    const runs = [...container.querySelectorAll('span[lang="en"][translate="no"]')].map((s) => s.textContent);
    expect(runs).toEqual(['getBalance(address)', 'RUBY', '(value', 'valueWei, fee', 'feeWei)']);
  });
});
