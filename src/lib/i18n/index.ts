export { defineTexts, withData } from '../../../common/i18n/texts';
export { currentLocale, initLocale, setLocale, useLocale, type Locale } from './locale';
