import { defineTexts } from '../../lib/i18n';

/** Texts of the Contract tab's Code / Read contract views. */
export const READ_TEXTS = defineTexts('sections.read', {
  code: 'Code',
  read: 'Read contract',
  query: 'Query',
  querying: 'Querying...',
  /** A function without arguments is read when the view opens; its button reads it again. */
  refresh: 'Refresh',
  result: 'result',
  failed: 'The call failed.',
  none: 'This contract has no view functions to read.',
} as const);
