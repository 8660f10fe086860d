/** Kept for the pages converted before the two copies were joined: the one withData is common/i18n/texts.ts's. */
export { withData } from '../lib/i18n';
