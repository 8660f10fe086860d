import { setLocale, type Locale } from '../../lib/i18n';

const main = () => document.querySelector('main');

/**
 * The user's language switch (the header's control, the palette's command): the page in the other
 * language, with what was typed in its form fields kept (./keepFields.ts, loaded on the first
 * switch, so the English home's JS does not carry it; when it cannot load, the switch goes on
 * without it).
 */
export async function switchLanguage(locale: Locale): Promise<void> {
  const keep = await import('./keepFields').catch(() => null);
  const kept = keep?.captureFields(main());
  await setLocale(locale);
  if (keep && kept) await keep.restoreFields(kept, main);
}
