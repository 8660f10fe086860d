/**
 * The issue and feature-request forms in Hindi (tests/e2e/flowsHindi.test.ts): a validation error
 * on each field, then a form sent and stored; and switching back to English with the header's
 * control on the issue form, its error showing, gives today's exact English of the page.
 */
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { MESSAGES } from '../../../common/spec';
import { FORM_TEXTS } from '../../../src/features/forms/texts';
import { setLocale } from '../../../src/lib/i18n/locale';
import { visit } from '../../helpers/browser';
import type { RunningProduct } from '../../helpers/product';
import { openHindi, tabTo } from './hiPage';

const ROUTES = { issue: '/IssueForm', feature: '/Featurerequest' } as const;

export async function feedbackFlow(browser: Browser, product: RunningProduct, kind: 'issue' | 'feature'): Promise<string[]> {
  const p = await openHindi(browser, product.url, kind === 'issue' ? 'mobile' : 'desktop');
  const { page } = p;
  try {
    await p.go(ROUTES[kind]);
    const form = page.locator('form.feedback-form');
    await form.waitFor({ timeout: 20_000 });
    await p.check(`${kind} form`, 'main');
    // Nothing filled, by keyboard: Enter on Submit; every field says what is wrong.
    await tabTo(page, FORM_TEXTS.submit);
    await page.keyboard.press('Enter');
    await expect.poll(() => form.locator('.form-field__error').count()).toBe(3);
    await p.check(`${kind} form: fields required`, 'main form');
    await page.getByLabel(FORM_TEXTS.name).fill('परीक्षक');
    await page.getByLabel(FORM_TEXTS.email).fill('not an email');
    await page.getByLabel(FORM_TEXTS.description[kind]).fill('छोटा');
    await page.getByRole('button', { name: FORM_TEXTS.submit }).click();
    await expect.poll(() => form.locator('.form-field__error').count()).toBe(2);
    await p.check(`${kind} form: a bad email, a description too short`, 'main form');
    await page.getByLabel(FORM_TEXTS.email).fill('tester@example.com');
    await page.getByLabel(FORM_TEXTS.description[kind]).fill('खोज बॉक्स में हिन्दी में लिखा नाम ढूँढने पर कुछ नहीं मिलता, जबकि टोकन मौजूद है।');
    await page.getByRole('button', { name: FORM_TEXTS.submit }).click();
    await page.getByText(MESSAGES.requestSubmitted).waitFor({ timeout: 30_000 });
    await p.check(`${kind} form: sent`, 'main');
    return p.failures();
  } finally {
    await p.close();
  }
}

/**
 * The issue form in Hindi with its errors showing, switched back to English with the header's
 * control (by keyboard): the page reads today's exact English, and its errors too. A switch renders
 * the page afresh (src/app/App.tsx keys the routes by the language), so the errors are asked for again;
 * what was typed in the fields stays through a switch each way (src/app/layout/keepFields.ts).
 */
export async function switchBackFlow(browser: Browser, product: RunningProduct): Promise<void> {
  await setLocale('en');
  const english = await visit(browser, product.url, ROUTES.issue, { viewport: 'mobile' });
  const p = await openHindi(browser, product.url, 'mobile');
  try {
    const form = (page: Page) => page.locator('form.feedback-form');
    const showErrors = async (page: Page) => {
      await form(page).waitFor({ timeout: 20_000 });
      await form(page).locator('button[type="submit"]').click();
      await expect.poll(() => page.locator('.form-field__error').count()).toBe(3);
    };
    await form(english.page).waitFor({ timeout: 20_000 });
    const fresh = await english.page.locator('main').innerText();
    await showErrors(english.page);
    const withErrors = await english.page.locator('main').innerText();
    await p.go(ROUTES.issue);
    await showErrors(p.page);
    expect(await p.page.locator('main').innerText()).not.toBe(withErrors);
    const toEnglish = p.page.locator('header .navbar__lang');
    expect(await toEnglish.innerText()).toBe('English');
    await toEnglish.focus();
    await p.page.keyboard.press('Enter');
    await p.page.waitForFunction(() => document.documentElement.lang === 'en');
    await expect.poll(() => p.page.locator('main').innerText()).toBe(fresh);
    await showErrors(p.page);
    expect(await p.page.locator('main').innerText()).toBe(withErrors);

    // What was typed stays through a switch each way (src/app/layout/keepFields.ts), the labels switching.
    const typed = ['Asha Verma', 'asha@example.com', 'The form kept what I typed when I switched the language.'];
    const labels = [FORM_TEXTS.name, FORM_TEXTS.email, FORM_TEXTS.description.issue];
    for (const [i, label] of labels.entries()) await p.page.getByLabel(label, { exact: true }).fill(typed[i]!);
    const values = () =>
      p.page
        .locator('form.feedback-form')
        .locator('input, textarea')
        .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    for (const lang of ['hi', 'en'] as const) {
      await p.page.locator('header .navbar__lang').click();
      await p.page.waitForFunction((l) => document.documentElement.lang === l, lang);
      await expect.poll(values).toEqual(typed);
      expect(await p.page.getByLabel(FORM_TEXTS.name, { exact: true }).count()).toBe(lang === 'en' ? 1 : 0);
    }
    expect([...english.problems, ...p.failures()]).toEqual([]);
  } finally {
    await english.close();
    await p.close();
    await setLocale('hi');
  }
}
