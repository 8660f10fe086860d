export { defineTexts } from './defineTexts';
export { currentIntlLocale, currentLocale, initLocale, setLocale, useLocale, LOCALES, type Locale } from './locale';
