-- API keys for the documented public API (issue 8). Only the SHA-256 of a key is stored: the key
-- itself is shown once when it is created and cannot be read back. A revoked key stays (so its
-- id and label still explain old logs) with revoked_at set.

CREATE TABLE api_keys (
  id          bigserial PRIMARY KEY,
  key_hash    text NOT NULL UNIQUE,
  -- First characters of the key (e.g. 'rbx_AbCd'), to tell keys apart in lists; not a secret.
  key_prefix  text NOT NULL,
  -- Who the key belongs to: an account email, or NULL for keys the operator made with the CLI.
  owner       text,
  label       text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz
);
CREATE INDEX api_keys_owner_idx ON api_keys (owner);
