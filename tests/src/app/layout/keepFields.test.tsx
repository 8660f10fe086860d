/**
 * Issue #21: a language switch keeps what the user typed in a form (src/app/layout/keepFields.ts)
 * while every text on the page switches (the routed tree is rendered afresh in the new language):
 * the issue form (fields with names) and the deploy form (fields without names, a select), through
 * the header's switch, to Hindi and back to the exact English; and a choice that shows a field is
 * made again before the text fields are filled, so each value goes back to its own field.
 */
import { act, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../../../../src/app/App';
import { captureFields, restoreFields } from '../../../../src/app/layout/keepFields';
import { makeStore } from '../../../../src/app/store';
import { setLocale } from '../../../../src/lib/i18n/locale';

configure({ asyncUtilTimeout: 5_000 });

afterEach(async () => {
  await setLocale('en');
  localStorage.clear();
});

function renderAt(path: string) {
  const { hook } = memoryLocation({ path });
  return render(<App locationHook={hook} store={makeStore()} />);
}

const switchTo = async (name: 'हिन्दी' | 'English') => {
  fireEvent.click(await screen.findByRole('button', { name }));
  await waitFor(() => expect(document.documentElement.lang).toBe(name === 'English' ? 'en' : 'hi'));
};

const valueOf = (label: string | RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('a language switch keeps the fields typed', () => {
  it('the issue form: each field typed is still there in Hindi and back in English, the labels switched', async () => {
    renderAt('/IssueForm');
    const typed: [RegExp, string][] = [
      [/^Name/, 'Asha Verma'],
      [/^Email/, 'asha@example.com'],
      [/^Issue description/, 'The Hindi page lost what I had typed when I switched.'],
    ];
    for (const [label, value] of typed) fireEvent.change(await screen.findByLabelText(label), { target: { value } });
    const english = document.querySelector('main')!.textContent;

    await switchTo('हिन्दी');
    await waitFor(() => expect(screen.queryByLabelText(/^Name/)).toBeNull());
    const hindiLabels = [...document.querySelectorAll('main form label')].map((l) => l.textContent ?? '');
    expect(hindiLabels.join(' ')).toMatch(/[\u0900-\u097F]/);
    await waitFor(() =>
      expect([...document.querySelectorAll<HTMLInputElement>('main input, main textarea')].map((f) => f.value)).toEqual(
        typed.map(([, v]) => v),
      ),
    );

    await switchTo('English');
    await waitFor(() => expect(valueOf(/^Issue description/)).toBe(typed[2]![1]));
    for (const [label, value] of typed) expect(valueOf(label)).toBe(value);
    expect(document.querySelector('main')!.textContent).toBe(english);
  });

  it('the deploy form: a text field and a select without names, kept by their order', async () => {
    renderAt('/Deploycontract');
    fireEvent.change(await screen.findByLabelText(/^Contract Name/), { target: { value: 'GoldToken' } });
    fireEvent.change(screen.getByLabelText(/^Contract Type/), { target: { value: 'DApp' } });
    await switchTo('हिन्दी');
    await waitFor(() => expect(screen.queryByLabelText(/^Contract Name/)).toBeNull());
    await switchTo('English');
    await waitFor(() => expect(valueOf(/^Contract Name/)).toBe('GoldToken'));
    expect(valueOf(/^Contract Type/)).toBe('DApp');
  });

  it('a checkbox that shows a field: set again first, then each text back in its own field', async () => {
    function Form() {
      const [more, setMore] = useState(false);
      const [values, setValues] = useState(['', '', '']);
      const field = (i: number) => (
        <input aria-label={`f${i}`} value={values[i]} onChange={(e) => setValues(values.map((v, j) => (j === i ? e.target.value : v)))} />
      );
      return (
        <main>
          <input type="checkbox" aria-label="more" checked={more} onChange={(e) => setMore(e.target.checked)} />
          {field(0)}
          {more && field(1)}
          {field(2)}
        </main>
      );
    }
    const first = render(<Form />);
    fireEvent.click(screen.getByLabelText('more'));
    ['a', 'b', 'c'].forEach((v, i) => fireEvent.change(screen.getByLabelText(`f${i}`), { target: { value: v } }));
    const kept = captureFields(document.querySelector('main'));
    first.unmount();
    render(<Form />); // afresh, as after a switch: the checkbox off, two text fields
    await act(() => restoreFields(kept, () => document.querySelector('main')));
    expect((screen.getByLabelText('more') as HTMLInputElement).checked).toBe(true);
    expect(['f0', 'f1', 'f2'].map((l) => (screen.getByLabelText(l) as HTMLInputElement).value)).toEqual(['a', 'b', 'c']);
  });
});
