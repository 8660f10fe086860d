/** CSV export of an address's history (GET /api/export/{kind}/{address}.csv). */
import { Type, type Static } from '@sinclair/typebox';

export const EXPORT_KINDS = ['transactions', 'tokentransfers', 'internal'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const ExportQuery = Type.Object({
  start: Type.Optional(Type.String({ description: 'first day, UTC, YYYY-MM-DD (inclusive)' })),
  end: Type.Optional(Type.String({ description: 'last day, UTC, YYYY-MM-DD (inclusive)' })),
});
export type ExportQuery = Static<typeof ExportQuery>;
