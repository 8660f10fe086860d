import { setLocale, type Locale } from '../../lib/i18n';
import { captureFields, restoreFields } from './keepFields';

const main = () => document.querySelector('main');

/**
 * The user's language switch (the header's control, the palette's command): the page in the other
 * language, with what was typed in its form fields kept (./keepFields.ts).
 */
export async function switchLanguage(locale: Locale): Promise<void> {
  const kept = captureFields(main());
  await setLocale(locale);
  await restoreFields(kept, main);
}
