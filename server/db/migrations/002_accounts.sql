-- Wallet accounts. The server never holds a private key: a user row keeps the scrypt hash of the
-- password, the linked wallet's address (proven by a signature) and the Web3 Secret Storage
-- keystore the browser encrypted with the account password (so another device can restore it).
-- Emails: trimmed, lowercase. Addresses: lowercase 0x hex text.

CREATE TABLE users (
  email             text PRIMARY KEY,
  password_hash     text NOT NULL,
  wallet_address    text,
  keystore          jsonb,
  created_at        timestamptz NOT NULL DEFAULT now(),
  wallet_linked_at  timestamptz
);
CREATE INDEX users_wallet_idx ON users (wallet_address) WHERE wallet_address IS NOT NULL;

-- Tokens a wallet asked to see (the dashboard's "add token"), besides the ones it holds.
CREATE TABLE wallet_tokens (
  wallet_address  text NOT NULL,
  token_address   text NOT NULL,
  added_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (wallet_address, token_address)
);
