/** The header's and footer's own texts (the spec's are in common/spec.ts); Hindi in src/locales/hi/app.json. */
import { defineTexts } from '../../lib/i18n';

export const LAYOUT_TEXTS = defineTexts('app.layout', {
  homeLink: (app: string) => `${app} home`,
  menu: 'Menu',
  mainNav: 'Main',
  dismiss: 'Dismiss',
  /** The language switch's tooltip, in the active language. */
  languageTitle: 'Language',
} as const);

/** Each language's name in itself: the switch shows the other one, marked with its `lang`. */
export const LANGUAGE_NAMES = { en: 'English', hi: 'हिन्दी' } as const;
