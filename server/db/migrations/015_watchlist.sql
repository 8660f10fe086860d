-- Issue #19: a logged-in user's watched addresses, each with a private label and the alerts it
-- wants, and the alerts raised for them (kept with a read flag, so the list survives reloads).
-- Addresses: lowercase 0x hex text, as everywhere. At most 50 rows per user (checked by the API).

CREATE TABLE watchlist (
  email           text NOT NULL REFERENCES users (email) ON DELETE CASCADE,
  address         text NOT NULL,
  label           text NOT NULL DEFAULT '',
  alert_incoming  boolean NOT NULL DEFAULT true,
  alert_outgoing  boolean NOT NULL DEFAULT true,
  alert_tokens    boolean NOT NULL DEFAULT true,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (email, address)
);
-- After each block: which users watch the addresses the block touched.
CREATE INDEX watchlist_address_idx ON watchlist (address);

-- One row per (user, transaction or token transfer, watched address, direction): every API
-- process tries the same inserts after a block and only the one whose insert lands sends the
-- alert, so a user gets each alert once however many processes run. log_index is -1 for the
-- transaction itself.
CREATE TABLE watchlist_notifications (
  id            bigserial PRIMARY KEY,
  email         text NOT NULL REFERENCES users (email) ON DELETE CASCADE,
  address       text NOT NULL,
  kind          text NOT NULL,
  tx_hash       text NOT NULL,
  log_index     integer NOT NULL,
  block_number  bigint NOT NULL,
  counterparty  text,
  token_address text,
  value         numeric NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  read          boolean NOT NULL DEFAULT false,
  UNIQUE (email, tx_hash, log_index, address, kind)
);
CREATE INDEX watchlist_notifications_user_idx ON watchlist_notifications (email, id DESC);
