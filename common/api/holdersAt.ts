/** A token's holders at a past block or day (GET /getTokenHoldersAt/{token}, and its CSV). */
import { Type, type Static } from '@sinclair/typebox';
import { EpochSeconds, Ok } from './base';
import { TokenHolder } from './holders';

export const HoldersAtQuery = Type.Object({
  block: Type.Optional(Type.String({ description: 'a block number (the holders at its end)' })),
  date: Type.Optional(
    Type.String({ description: 'a UTC day, YYYY-MM-DD (the holders at the end of its last block); block or date, not both' }),
  ),
  page: Type.Optional(Type.String({ description: 'page from 1 (JSON only)' })),
  size: Type.Optional(Type.String({ description: 'rows per page, 1 to 200 (JSON only)' })),
});
export type HoldersAtQuery = Static<typeof HoldersAtQuery>;

export const HoldersAt = Type.Object({
  block: Type.Integer({ description: 'the block the holders are of' }),
  timestamp: EpochSeconds,
  totalHolders: Type.Integer(),
  holders: Type.Array(TokenHolder, { description: 'percentage: share of everything held at that block' }),
});
export const HoldersAtResponse = Ok(HoldersAt);
export type HoldersAtResponse = Static<typeof HoldersAtResponse>;
