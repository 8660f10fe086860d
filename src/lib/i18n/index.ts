export { defineTexts, withData } from '../../../common/i18n/texts';
export { currentIntlLocale, currentLocale, initLocale, setLocale, useLocale, LOCALES, type Locale } from './locale';
