-- Issue #18: socket.io's PostgreSQL adapter (@socket.io/postgres-adapter) lets API replicas reach
-- each other's sockets through NOTIFY. A message over NOTIFY's 8,000-byte limit travels through
-- this table (the adapter's default name and shape); the adapter deletes rows older than 30 s.
CREATE TABLE socket_io_attachments (
  id          bigserial UNIQUE,
  created_at  timestamptz DEFAULT now(),
  payload     bytea
);
