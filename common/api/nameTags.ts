/** Public name tags of known addresses: "Ruby DEX Router", "RGLD/RUSD LP". */
import { Type, type Static } from '@sinclair/typebox';
import { Address, Ok } from './base';

export const NameTag = Type.Object({
  address: Address,
  tag: Type.String({ description: 'the public name shown in place of, or beside, the address' }),
});
export type NameTag = Static<typeof NameTag>;

export const NameTagsResponse = Ok(Type.Array(NameTag));
export type NameTagsResponse = Static<typeof NameTagsResponse>;
