/** Texts of the CSV download (src/ui/CsvDownload.tsx); not in the spec. */
import { defineTexts } from './i18n';

export const CSV_TEXTS = defineTexts('lib.csv', {
  button: 'Download CSV',
  groupLabel: (what: string) => `Download ${what} as CSV`,
  from: 'From (UTC)',
  to: 'To (UTC)',
  reversed: 'The start date is after the end date.',
  link: (what: string) => `Download ${what}`,
  hint: 'Every row, oldest first. Leave the dates empty for the whole history.',
  kinds: { transactions: 'transactions', tokentransfers: 'token transfers', internal: 'internal transactions' },
} as const);
