/**
 * API keys of the logged-in user (issue 8): GET/POST /apikeys, DELETE /apikeys/:id. A key is
 * shown once, in the POST answer; lists carry only its first characters (`prefix`), never the
 * key or its hash.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Ok } from './base';

/** Active (not revoked) keys one account may hold at once. */
export const MAX_ACTIVE_API_KEYS = 10;
export const API_KEY_LABEL_MAX = 100;

export const ApiKeyItem = Type.Object({
  id: Type.Integer(),
  label: Type.String(),
  prefix: Type.String({ description: 'first characters of the key, e.g. rbx_AbCd (not a secret)' }),
  createdAt: Type.String({ description: 'ISO 8601' }),
  revokedAt: Type.Union([Type.String({ description: 'ISO 8601' }), Type.Null()]),
});
export type ApiKeyItem = Static<typeof ApiKeyItem>;

export const ApiKeyListResponse = Ok(Type.Array(ApiKeyItem));
export type ApiKeyListResponse = Static<typeof ApiKeyListResponse>;

export const CreateApiKeyBody = Type.Object({
  label: Type.String({ maxLength: 1000, description: `1 to ${API_KEY_LABEL_MAX} characters once trimmed` }),
});
export type CreateApiKeyBody = Static<typeof CreateApiKeyBody>;

export const CreatedApiKeyResponse = Ok(
  Type.Object({
    id: Type.Integer(),
    key: Type.String({ description: 'the key itself: shown this once, never again' }),
    prefix: Type.String(),
    label: Type.String(),
    createdAt: Type.String({ description: 'ISO 8601' }),
  }),
);
export type CreatedApiKeyResponse = Static<typeof CreatedApiKeyResponse>;

export const RevokeApiKeyResponse = Ok(Type.Object({ id: Type.Integer(), revokedAt: Type.String({ description: 'ISO 8601' }) }));
export type RevokeApiKeyResponse = Static<typeof RevokeApiKeyResponse>;
