import { defineTexts } from '../../lib/i18n';

/** Fixed texts of the legal pages (the date itself is LEGAL_DATE in common/spec.ts). */
export const LEGAL_TEXTS = defineTexts('legal.texts', {
  lastUpdated: 'Last updated:',
  contents: 'Contents',
  /** Both pages state these (docs/decisions.md#spec-product); the tests look for them. */
  minimumAge: 13,
} as const);
