/**
 * Issue #21: a language switch keeps what the user typed in a form (src/app/layout/keepFields.ts)
 * while every text on the page switches (the routed tree is rendered afresh in the new language):
 * the issue form (fields with names) and the deploy form (fields without names, a select), through
 * the header's switch, to Hindi and back to the exact English.
 */
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../../../../src/app/App';
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
});
