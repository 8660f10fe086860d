/** The schema options every Blockscout v2 route shares (server/api/routes/blockscoutV2*.ts). */
import { Type } from '@sinclair/typebox';

/** Hidden from our OpenAPI document (the /Api page lists these paths itself); any query, parsed by hand and answered in Blockscout's words. */
export const BS_SCHEMA = { hide: true, tags: ['Blockscout v2'], querystring: Type.Record(Type.String(), Type.Unknown()) };
export const BS_ADDRESS = Type.Object({ address: Type.String() });
export const BS_HASH = Type.Object({ hash: Type.String() });
export const BS_BLOCK = Type.Object({ block: Type.String() });
