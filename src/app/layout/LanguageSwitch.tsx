import { useLocale, type Locale } from '../../lib/i18n';
import { LANG_PARAM } from '../../lib/i18n/locale';
import { switchLanguage } from './switchLanguage';
import { LANGUAGE_NAMES, LAYOUT_TEXTS } from './texts';

/** A `?lang=` in the address follows the switch, so a reload or a copied link keeps the language chosen. */
function followInUrl(locale: Locale): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(LANG_PARAM)) return;
  url.searchParams.set(LANG_PARAM, locale);
  window.history.replaceState(window.history.state, '', url);
}

/**
 * The header's language switch: one button naming the other language in that language
 * ("हिन्दी" while English is shown, "English" while Hindi is), marked with its `lang`.
 */
export function LanguageSwitch() {
  const locale = useLocale();
  const other: Locale = locale === 'en' ? 'hi' : 'en';
  return (
    <button
      type="button"
      className="navbar__lang"
      lang={other}
      title={LAYOUT_TEXTS.languageTitle}
      onClick={() => {
        followInUrl(other);
        void switchLanguage(other);
      }}
    >
      {LANGUAGE_NAMES[other]}
    </button>
  );
}
